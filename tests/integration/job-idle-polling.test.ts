import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, inject, it } from "vitest";
import { freshDatabase } from "../support/fresh-database.ts";
import { startPgStatementCounter } from "../support/pg-statement-counter.ts";

/**
 * An idle engine costs PostgreSQL one look per polling interval for all its queues, not one per worker: 10
 * queues with two workers each, polling on their own every 0.5 s (the test interval), sent 40 statements a
 * second. The statements are counted on the wire, between the engine's process and PostgreSQL.
 */
const QUEUES = 10;
let child: ChildProcess | undefined;
/** Stops the engine's process before its way to PostgreSQL closes. */
async function stopChild() {
  if (child && child.exitCode === null) {
    child.send("stop");
    await once(child, "exit");
  }
  child = undefined;
}
afterEach(stopChild);

const nextMessage = <T>(c: ChildProcess) => once(c, "message").then(([m]) => m as T);

describe("an idle job engine", () => {
  it("asks PostgreSQL about its queues once per interval, and still runs a run that falls due", {
    timeout: 60_000,
  }, async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "job_idle", inject("migratedTemplate"));
    const counter = await startPgStatementCounter(url);
    try {
      child = fork("tests/support/job-idle-process.ts", [String(QUEUES)], {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, NODE_ENV: "test", DATABASE_URL: counter.url },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      expect(await nextMessage<string>(child)).toBe("ready");
      // Set-up statements (queues, schedules) are behind it; a window of 5 s of nothing to do.
      await new Promise((r) => setTimeout(r, 1000));
      const before = counter.statements();
      await new Promise((r) => setTimeout(r, 5000));
      const perSecond = (counter.statements() - before) / 5;
      // The engine's look (2/s), its crash sweep, pg-boss's schedule checks and the workers' rare own looks.
      expect(perSecond, "statements a second while idle").toBeLessThan(12);

      // Due in a second, queued without waking anyone: the engine's look finds it, not a worker's own (30 s).
      child.send("delayed");
      const { ranAfterMs } = await nextMessage<{ ranAfterMs: number }>(child);
      expect(ranAfterMs).toBeGreaterThanOrEqual(1000);
      expect(ranAfterMs, "ms from the queueing to the run").toBeLessThan(10_000);
    } finally {
      await stopChild();
      await counter.close();
    }
  });
});
