import type { TestProject } from "vitest/node";
import { createPrismaClient } from "~/platform/db/client.ts";
import { loadSeed } from "../../seed/load.ts";
import { createMigratedDatabase, startTestPostgres } from "./postgres.ts";

/** One real PostgreSQL per test run, a fresh migrated + seeded database; tests share it via DATABASE_URL. */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  // Migrated once, copied for every file that asks for a database of its own (CREATE DATABASE … TEMPLATE):
  // a copy takes a fraction of running the migrations again.
  const [url, template] = await Promise.all([
    createMigratedDatabase(createDb, "it"),
    createMigratedDatabase(createDb, "template"),
  ]);
  const db = createPrismaClient(url);
  await loadSeed(db);
  await db.$disconnect();
  process.env.DATABASE_URL = url;
  process.env.NEXTAUTH_SECRET = "integration-test-secret-integration-test-secret";
  project.provide("adminDatabaseUrl", url.replace(/\/[^/]+$/, "/postgres"));
  project.provide("migratedTemplate", new URL(template).pathname.slice(1));
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** An empty database with every migration applied, never connected to: the source of private copies. */
    migratedTemplate: string;
  }
}
