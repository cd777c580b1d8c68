import { createRequire } from "node:module";
import parser from "cron-parser";

type Check = (this: { clockSkew: number }, cron: string, tz: string) => boolean;
type TimekeeperPrototype = { shouldSendIt: Check; __firesKept?: Map<string, Fires> };
/** A schedule's latest fire and the one after it, as seen from the last time they were computed. */
type Fires = { latest: number; next: number };

// pg-boss's own module, loaded once per process (this module may be evaluated again by test files sharing a
// worker): the fires kept live on it, and it is replaced once.
const proto = (createRequire(import.meta.url)("pg-boss/src/timekeeper.js") as { prototype: TimekeeperPrototype })
  .prototype;

/** pg-boss's rule: a schedule is due when its latest fire, by the database's clock, is under a minute old. */
const DUE_WITHIN_MS = 60_000;

/**
 * pg-boss decides at each cron check (every 30 s on the site, every second under tests) whether each schedule is
 * due by parsing its cron and stepping back to its latest fire. With a time zone cron-parser steps through
 * luxon: 25–30 ms for a Europe/Madrid daily cron, some 130 ms for all the site's schedules, each check, in each
 * engine. A schedule's latest fire changes only when its next fire passes, so both are kept per cron and zone
 * and computed again only then (or if the clock went back): one parse per fire instead of one per check. The
 * answer is pg-boss's: the latest fire by this machine's clock, its age by the database's.
 */
export function keepCronFires(): void {
  if (proto.__firesKept) return;
  const kept = new Map<string, Fires>();
  proto.__firesKept = kept;
  proto.shouldSendIt = function shouldSendIt(this: { clockSkew: number }, cron: string, tz: string) {
    const now = Date.now();
    const key = `${tz} ${cron}`;
    let fires = kept.get(key);
    if (!fires || now >= fires.next || now < fires.latest) {
      const latest = parser
        .parseExpression(cron, { tz, currentDate: new Date(now) })
        .prev()
        .getTime();
      // The fire after the latest, not after now: on a fire's very instant cron-parser's latest is the one before.
      const next = parser
        .parseExpression(cron, { tz, currentDate: new Date(latest) })
        .next()
        .getTime();
      fires = { latest, next };
      kept.set(key, fires);
    }
    return now + this.clockSkew - fires.latest < DUE_WITHIN_MS;
  };
}

/** The fires kept per zone and cron ("UTC * * * * *"), once the check keeps them: what a check last computed. */
export function keptCronFires(): ReadonlyMap<string, Fires> | undefined {
  return proto.__firesKept;
}
