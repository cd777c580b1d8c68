import type { TestProject } from "vitest/node";
import { buildIsStale } from "../../scripts/build-freshness.ts";
import { startLauncher } from "./launcher.ts";
import { createMigratedDatabase, freePort, startTestPostgres } from "./postgres.ts";

/**
 * Builds the way the launcher does, by running it (`npm start` = scripts/start.ts) until it serves, then stopping
 * it: the build reads the migrated, seeded database (the item pages' static params), and any other recipe is a
 * second one to keep in step. This tier's setup may run before the contract tier's, which would otherwise build.
 */
async function buildThroughTheLauncher(createDb: (prefix: string) => Promise<string>, dist: string) {
  const databaseUrl = await createMigratedDatabase(createDb, "resilience_build");
  const port = await freePort();
  const launcher = await startLauncher(
    {
      DATABASE_URL: databaseUrl,
      NEXT_DIST_DIR: dist,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      ADMIN_EMAIL: "admin-build@riesgos-ia.test",
      ADMIN_PASSWORD: "resilience-build-password",
      DATA_DIR: "test-results/resilience-build-data",
    },
    port,
    "test-results/e2e-build.log",
    15,
  );
  await launcher.stop();
}

/**
 * The resilience tier: files that start production servers of their own (tests/e2e/crash-server.ts,
 * tests/e2e/cluster.ts). They need a PostgreSQL to create their databases on and a fresh production build to
 * copy, made here once so that files starting servers never each build; no shared server.
 */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  const databaseUrl = await createDb("resilience");
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  if (buildIsStale(dist)) await buildThroughTheLauncher(createDb, dist);
  // The files create their databases next to this one (tests/support/fresh-database.ts).
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await server?.stop();
  };
}
