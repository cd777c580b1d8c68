import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * `npm start` imports the seed before it has started the embedded PostgreSQL, so nothing the seed imports may
 * open the database when it loads (a feature's index.ts does).
 */
describe("the seed", () => {
  it("loads in a process with no database configured", () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", "await import('./seed/load.ts'); console.log('loaded')"],
      { env, encoding: "utf8", timeout: 60_000 },
    );
    expect(run.stderr).not.toMatch(/DATABASE_URL is not set/);
    expect(run.stdout.trim()).toBe("loaded");
    expect(run.status).toBe(0);
  }, 90_000);
});
