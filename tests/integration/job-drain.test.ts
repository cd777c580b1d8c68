import { fork } from "node:child_process";
import { once } from "node:events";
import { describe, expect, inject, it } from "vitest";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * A worker that fetched a full batch fetches again at once: a wide job's queue (a fan-out's 10,000 deliveries)
 * drains at the speed its runs go, not one batch per polling interval. The engine runs in a process of its own
 * polling every 20 s, so a wait of one interval between batches (pg-boss waits out the interval after each
 * fetch unless told otherwise) shows as 20 s.
 */
describe("a wide job's queue", () => {
  it("drains batch after batch without waiting the polling interval", { timeout: 120_000 }, async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "job_drain", inject("migratedTemplate"));
    // 48 runs: three rounds of the job's 16 at once, so two fetches follow a full batch.
    const child = fork("tests/support/job-drain-process.ts", ["48"], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: url, JOB_POLL_SECONDS: "20" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const [report] = (await once(child, "message")) as [{ ran: number; lastMs: number }];
    await once(child, "exit");
    expect(report.ran).toBe(48);
    expect(report.lastMs, "ms from the queueing to the last run").toBeLessThan(20_000);
  });
});
