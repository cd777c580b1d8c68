import { fork } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { countJob } from "../support/count-job.ts";
import { settleJobs } from "../support/jobs.ts";

describe("several instances on one database", () => {
  it("never run the same job twice: 60 runs, two processes taking work, each run executed once", async () => {
    const other = fork("tests/support/engine-process.ts", [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, SKIP_ENV_VALIDATION: "", NODE_ENV: "test" },
    });
    const [{ ready: otherPid }] = (await once(other, "message")) as [{ ready: number }];
    await (await getEngine()).ensure(countJob);
    const ids: string[] = [];
    for (let n = 0; n < 60; n++) ids.push((await enqueue(countJob, { n })).runId!);
    await settleJobs();
    other.send({ stop: true });
    await once(other, "exit");
    const rows = await db.jobStep.findMany({ where: { run_id: { in: ids } }, select: { run_id: true, step_id: true } });
    const perRun = new Map<string, number>();
    for (const r of rows) perRun.set(r.run_id, (perRun.get(r.run_id) ?? 0) + 1);
    expect(ids.every((id) => perRun.get(id) === 1)).toBe(true);
    const pids = new Set(rows.map((r) => r.step_id));
    expect(pids.has(`exec-${otherPid}`)).toBe(true); // the other instance did take work
  }, 120_000);
});
