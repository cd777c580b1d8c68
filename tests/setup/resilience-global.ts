import type { TestProject } from "vitest/node";
import { announce, ensureBuild } from "./background-build.ts";
import { startTestPostgres } from "./postgres.ts";

/**
 * The resilience tier: files that start production servers of their own (tests/e2e/crash-server.ts,
 * tests/e2e/cluster.ts). They need a PostgreSQL to create their databases on and a fresh production build to
 * copy, made once so that files starting servers never each build; no shared server. The build runs in the
 * background while the fast tiers run; each file waits for it (tests/setup/resilience-each.ts).
 */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  const databaseUrl = await createDb("resilience");
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  const build = announce("build", ensureBuild(createDb, dist));
  // The files create their databases next to this one (tests/support/fresh-database.ts).
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    // A build still running uses this PostgreSQL: let it end before stopping it.
    await build.catch(() => undefined);
    await server?.stop();
  };
}
