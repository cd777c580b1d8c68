import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Agentes › "Ejecuciones Hoy" counts the runs of the editors' day: since midnight in Madrid, up to the request's
 * time, whatever the server's or the database's zone, across both daylight-saving changes.
 */
const { db } = await import("~/platform/db/db.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");

async function runsAt(...times: string[]) {
  const agent = await db.agent.create({ data: { name: `Agente del día ${Math.random()}` } });
  for (const at of times) await db.agentRun.create({ data: { agent_id: agent.id, created_at: new Date(at) } });
}

async function todayAt(now: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
  try {
    return (await callerAs(adminSession).admin.runs.stats()).today;
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => vi.useRealTimers());

describe("Ejecuciones Hoy", () => {
  it("in winter (UTC+1): the day runs from 23:00 UTC of the day before to 23:00 UTC", async () => {
    await runsAt(
      "2026-01-14T22:59:59.999Z",
      "2026-01-14T23:00:00.000Z",
      "2026-01-15T10:00:00.000Z",
      "2026-01-15T23:00:00.000Z",
    );
    // 00:30 and 11:30 in Madrid on the 15th: the runs of Madrid's 15th, not the one a millisecond before its
    // midnight nor the one at the next midnight.
    expect(await todayAt("2026-01-14T23:30:00.000Z")).toBe(2);
    expect(await todayAt("2026-01-15T10:30:00.000Z")).toBe(2);
    // 23:59:59.999 in Madrid on the 14th (the UTC day would count three).
    expect(await todayAt("2026-01-14T22:59:59.999Z")).toBe(1);
  });

  it("in summer (UTC+2): the day starts at 22:00 UTC of the day before", async () => {
    await runsAt("2026-07-14T21:59:59.000Z", "2026-07-14T22:00:00.000Z", "2026-07-14T22:10:00.000Z");
    // A UTC day would count all three; Madrid's day, which began at 22:00 UTC, two.
    expect(await todayAt("2026-07-14T23:30:00.000Z")).toBe(2);
  });

  it("on the days the clocks change, the day is 25 or 23 hours long", async () => {
    // 2026-10-25: clocks go back at 03:00 CEST (01:00 UTC); the day runs from 00:00 CEST (22:00 UTC on the 24th)
    // to 00:00 CET (23:00 UTC on the 25th).
    await runsAt(
      "2026-10-24T21:59:00.000Z",
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T22:59:00.000Z",
      "2026-10-25T23:00:00.000Z",
    );
    expect(await todayAt("2026-10-25T12:00:00.000Z")).toBe(3);
    // 2027-03-28: clocks go forward at 02:00 CET (01:00 UTC); the day runs from 00:00 CET (23:00 UTC on the
    // 27th) to 00:00 CEST (22:00 UTC on the 28th).
    await runsAt(
      "2027-03-27T22:59:00.000Z",
      "2027-03-27T23:00:00.000Z",
      "2027-03-28T01:30:00.000Z",
      "2027-03-28T21:59:00.000Z",
      "2027-03-28T22:00:00.000Z",
    );
    expect(await todayAt("2027-03-28T12:00:00.000Z")).toBe(3);
  });
});
