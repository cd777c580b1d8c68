import { createRequire } from "node:module";
import parser from "cron-parser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepCronFires } from "~/platform/jobs/engines/embedded/pg-boss-cron-check.ts";

type Check = (this: { clockSkew: number }, cron: string, tz: string) => boolean;
const timekeeper = (
  createRequire(import.meta.url)("pg-boss/src/timekeeper.js") as { prototype: { shouldSendIt: Check } }
).prototype;

/** The site's schedules (their crons and zones as the engine gives them to pg-boss). */
const SCHEDULES: [string, string][] = [
  ["* * * * *", "UTC"],
  ["*/5 * * * *", "UTC"],
  ["17 * * * *", "UTC"],
  ["30 3 * * *", "UTC"],
  ["0 4 * * *", "Europe/Madrid"],
  ["0 8 * * 5", "Europe/Madrid"],
  ["0 3 * * *", "Europe/Madrid"],
];

/** pg-boss's own rule, computed afresh: the latest fire by this clock, under a minute old by the database's. */
function latestFireAfresh(cron: string, tz: string): number {
  return parser.parseExpression(cron, { tz }).prev().getTime();
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Instants around a fire: before it, on it, within its minute, at the minute's end and after. */
const AROUND = [-61_000, -1, 0, 1, 59_999, 60_000, 180_000];
/** Fires (UTC) whose neighbourhoods are checked, in order; the last one sets the clock back to the first. */
const FIRES = [
  "2026-12-04T07:00:00Z", // a Friday: the 08:00 Madrid send
  "2026-03-29T02:00:00Z", // Madrid's clocks go forward at 02:00: 04:00 Madrid is 02:00 UTC that day
  "2026-10-23T06:00:00Z", // a summer-time Friday: 08:00 Madrid is 06:00 UTC
  "2026-10-25T01:00:00Z", // Madrid's clocks go back at 03:00: 03:00 Madrid happens twice
  "2026-10-25T02:00:00Z",
  "2026-12-04T03:17:00Z",
  "2026-12-04T07:00:00Z",
];

describe("pg-boss's cron check with the fires kept", () => {
  keepCronFires();

  it("answers as pg-boss does around fires, across both daylight-saving changes and a clock set back", {
    timeout: 60_000,
  }, () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let due = 0;
    for (const fire of FIRES) {
      for (const offset of AROUND) {
        const at = Date.parse(fire) + offset;
        vi.setSystemTime(at);
        for (const [cron, tz] of SCHEDULES) {
          const latest = latestFireAfresh(cron, tz);
          for (const clockSkew of [0, 1500, -1500]) {
            const expected = at + clockSkew - latest < 60_000;
            const answer = timekeeper.shouldSendIt.call({ clockSkew }, cron, tz);
            expect(answer, `${cron} ${tz} at ${new Date(at).toISOString()}, skew ${clockSkew}`).toBe(expected);
            if (answer) due++;
          }
        }
      }
    }
    // The neighbourhoods do hold fires of the Madrid schedules, not only of the every-minute one.
    expect(due).toBeGreaterThan(FIRES.length * AROUND.length * 3);
  });

  it("parses each schedule again only when its next fire has passed, not at every check", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-12-07T10:00:30.250Z"));
    const parse = vi.spyOn(parser, "parseExpression");
    // Two minutes of checks a second apart, as the engine makes them under tests.
    for (let s = 0; s < 120; s++) {
      vi.setSystemTime(Date.parse("2026-12-07T10:00:30.250Z") + s * 1000);
      for (const [cron, tz] of SCHEDULES) timekeeper.shouldSendIt.call({ clockSkew: 0 }, cron, tz);
    }
    // The every-minute cron's next fire passes twice (one more parse of its latest and next fires each time);
    // the others' fires are kept from the first check, if not kept from the test before.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(2 * (SCHEDULES.length + 2));
  });
});
