import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPrismaClient } from "~/platform/db/client.ts";
import { buildIsStale } from "../../scripts/build-freshness.ts";
import { loadSeed } from "../../seed/load.ts";
import { createMigratedDatabase, startTestPostgres } from "./postgres.ts";

/**
 * The resilience tier: files that start production servers of their own (tests/e2e/crash-server.ts,
 * tests/e2e/cluster.ts). They need a PostgreSQL to create their databases on and a fresh production build
 * to copy; no shared server. The build is the launcher's (`SERVE_ONLY_BUILD`, scripts/start.ts), made here
 * once so that files starting servers side by side never each build.
 */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  const databaseUrl = await createMigratedDatabase(createDb, "resilience");
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  if (buildIsStale(dist)) {
    // Migrated and seeded, as the launcher builds: the pages' static params read the database, and a route
    // built with none prerendered fails at run time for every slug (DYNAMIC_SERVER_USAGE).
    const db = createPrismaClient(databaseUrl);
    await loadSeed(db);
    await db.$disconnect();
    fs.mkdirSync("test-results", { recursive: true });
    const log = fs.openSync("test-results/e2e-build.log", "w");
    const built = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        SERVE_ONLY_BUILD: "1",
        NEXT_DIST_DIR: dist,
        DATABASE_URL: databaseUrl,
        NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      },
    });
    if (built.status !== 0) throw new Error(`next build failed (${built.status}); see test-results/e2e-build.log`);
  }
  // The files create their databases next to this one (tests/support/fresh-database.ts).
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await server?.stop();
  };
}
