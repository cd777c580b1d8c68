import type { TestProject } from "vitest/node";
import { createPrismaClient } from "~/platform/db/client.ts";
import { loadSeed } from "../../seed/load.ts";
import { createMigratedDatabase, startTestPostgres } from "./postgres.ts";

/** One real PostgreSQL per test run, a fresh migrated + seeded database; tests share it via DATABASE_URL. */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  const url = await createMigratedDatabase(createDb, "it");
  const db = createPrismaClient(url);
  await loadSeed(db);
  await db.$disconnect();
  process.env.DATABASE_URL = url;
  process.env.NEXTAUTH_SECRET = "integration-test-secret-integration-test-secret";
  project.provide("adminDatabaseUrl", url.replace(/\/[^/]+$/, "/postgres"));
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
