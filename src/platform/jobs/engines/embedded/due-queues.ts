import { db } from "~/platform/db/db.ts";

/**
 * Which of `names` hold a run that is due: queued, or a retry whose wait is over. One query for all of a
 * process's queues, each answered from pg-boss's own index of waiting runs (`job_i5`: name, start_after, on the
 * queue's partition), so an idle engine asks PostgreSQL once per polling interval, not once per worker.
 */
export async function dueQueues(schema: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT q.name FROM unnest($1::text[]) AS q(name)
      WHERE EXISTS (
        SELECT 1 FROM ${schema}.job j WHERE j.name = q.name AND j.state < 'active' AND j.start_after <= now()
      )`,
    names,
  );
  return rows.map((r) => r.name);
}

/**
 * Every `seconds`, wakes the workers of the queues that have a run due (queued by another process or inside a
 * transaction, scheduled, or a retry whose wait is over). A look still under way is not doubled; a failed one
 * (PostgreSQL away) is left to the next: pg-boss reports the outage through its own error events.
 */
export function pollDueQueues(
  schema: string,
  workers: Map<string, string[]>,
  notify: (name: string) => void,
  seconds: number,
) {
  let looking = false;
  const timer = setInterval(async () => {
    if (looking) return;
    looking = true;
    const local = [...workers].filter(([, ids]) => ids.length > 0).map(([name]) => name);
    try {
      for (const name of await dueQueues(schema, local)) notify(name);
    } catch {
      // the next look tries again
    } finally {
      looking = false;
    }
  }, seconds * 1000);
  timer.unref?.();
  return timer;
}
