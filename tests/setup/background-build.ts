import fs from "node:fs";
import path from "node:path";
import { buildIsStale } from "../../scripts/build-freshness.ts";
import { startLauncher } from "./launcher.ts";
import { createMigratedDatabase, freePort } from "./postgres.ts";
import { yieldWhile } from "./yield-to-build.ts";

/**
 * The production build, and the shared server that serves it, made while the fast tiers run rather than before
 * them: vitest runs every project's global setup before the first test, so a setup that awaited the build held
 * the unit and integration tiers back by its minutes. The setups start the work here and return; the files that
 * need it wait for its marker (tests/setup/await-ready.ts), written when it settles.
 */
const MARKERS = "test-results/ready";
const BUILD = Symbol.for("riesgos.tests.build");

export type Marker = { state: "ready" } | { state: "failed"; error: string };

export const markerPath = (name: string) => path.join(MARKERS, `${name}.json`);

/** Forgets a previous run's marker now, and writes this run's when `work` settles (never an unhandled rejection). */
export function announce<T>(name: string, work: Promise<T>): Promise<T> {
  fs.mkdirSync(MARKERS, { recursive: true });
  fs.rmSync(markerPath(name), { force: true });
  const write = (marker: Marker) => fs.writeFileSync(markerPath(name), JSON.stringify(marker));
  work.then(
    () => write({ state: "ready" }),
    (err: unknown) => write({ state: "failed", error: err instanceof Error ? err.message : String(err) }),
  );
  return work;
}

/**
 * Builds the way the launcher does, by running it (`npm start` = scripts/start.ts) until it serves, then stopping
 * it: the build reads the migrated, seeded database (the item pages' static params), and any other recipe is a
 * second one to keep in step.
 */
async function buildThroughTheLauncher(createDb: (prefix: string) => Promise<string>, dist: string) {
  const databaseUrl = await createMigratedDatabase(createDb, "tests_build");
  const port = await freePort();
  const launcher = await startLauncher(
    {
      DATABASE_URL: databaseUrl,
      NEXT_DIST_DIR: dist,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      ADMIN_EMAIL: "admin-build@riesgos-ia.test",
      ADMIN_PASSWORD: "tests-build-password",
      DATA_DIR: "test-results/tests-build-data",
    },
    port,
    "test-results/e2e-build.log",
    15,
  );
  await launcher.stop();
}

/**
 * One build per run, whichever setup asks first (the resilience and contract setups both need it; they run in
 * one process, each with its own module graph, hence a global).
 */
export function ensureBuild(createDb: (prefix: string) => Promise<string>, dist: string): Promise<void> {
  const holder = globalThis as { [BUILD]?: Promise<void> };
  // The run's own processes yield the build the CPU while it is made (./yield-to-build.ts).
  holder[BUILD] ??= buildIsStale(dist) ? yieldWhile(buildThroughTheLauncher(createDb, dist), 5) : Promise.resolve();
  return holder[BUILD];
}
