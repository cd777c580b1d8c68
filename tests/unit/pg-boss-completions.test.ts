import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  engineRecord,
  outcomeRecorded,
  ownCompletionsOnly,
} from "~/platform/jobs/engines/embedded/pg-boss-completions.ts";

/** A database that answers every write; `written` holds the run ids of each, in order. */
function recordingDb() {
  const written: unknown[] = [];
  const db = {
    executeSql: (_sql: string, params: unknown[]) => {
      written.push(params[1]);
      return Promise.resolve({ rows: [{ count: 0 }] });
    },
  };
  return { written, db };
}

/** A database that is going away: every statement fails as PostgreSQL's shutdown does. */
const downDb = { executeSql: () => Promise.reject(new Error("terminating connection due to administrator command")) };

describe("pg-boss completion writes while PostgreSQL is away", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    ownCompletionsOnly();
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
  });

  // Created after the engine's hook, as the engine does (pg-boss binds the manager's methods at construction).
  const newBoss = () => new PgBoss({ connectionString: "postgres://nobody@127.0.0.1:1/none" });

  it("a call nobody awaits (pg-boss's worker after each job) leaves no unhandled rejection", async () => {
    const boss = newBoss();
    for (const settle of [boss.complete, boss.fail] as const) {
      settle("some-queue", randomUUID(), {}, { db: downDb } as never);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });

  it("a caller that awaits (the engine recording the outcome) still sees the error and can retry", async () => {
    const boss = newBoss();
    await expect(boss.complete("some-queue", randomUUID(), {}, { db: downDb } as never)).rejects.toThrow(
      "terminating connection",
    );
    await expect(boss.fail("some-queue", randomUUID(), {}, { db: downDb } as never)).rejects.toThrow(
      "terminating connection",
    );
    expect(unhandled).toEqual([]);
  });

  it("pg-boss's own call after a batch skips each run the engine recorded, once per record", async () => {
    const boss = newBoss();
    const { written, db } = recordingDb();
    const [a, b] = [randomUUID(), randomUUID()];
    // a failed early in its batch and then again in its retry, on another worker, before the batch ended.
    outcomeRecorded(a);
    outcomeRecorded(a);
    await boss.complete("some-queue", [a, b] as never, {}, { db } as never);
    await boss.complete("some-queue", [a] as never, {}, { db } as never);
    expect(written).toEqual([[b]]);
    // Nothing recorded left: pg-boss's call writes, as does every call of the engine's own.
    await boss.fail("some-queue", [a] as never, {}, { db } as never);
    expect(written).toEqual([[b], [a]]);
    // The engine's own record (of b's next attempt) neither is skipped nor takes the mark meant for pg-boss's call.
    outcomeRecorded(b);
    await boss.complete("some-queue", b, {}, engineRecord).catch(() => undefined);
    await boss.complete("some-queue", [b] as never, {}, { db } as never);
    expect(written).toEqual([[b], [a]]);
  });

  it("a copy of the module evaluated again (the next test file in a worker) records where pg-boss's call looks", async () => {
    const path = "~/platform/jobs/engines/embedded/pg-boss-completions.ts";
    vi.resetModules();
    const again = (await import(path)) as typeof import("~/platform/jobs/engines/embedded/pg-boss-completions.ts");
    expect(again.engineRecord).toBe(engineRecord);
    again.ownCompletionsOnly();
    const boss = newBoss();
    const { written, db } = recordingDb();
    const id = randomUUID();
    again.outcomeRecorded(id);
    await boss.complete("some-queue", [id] as never, {}, { db } as never);
    expect(written).toEqual([]);
  });
});
