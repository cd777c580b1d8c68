/**
 * One exit per process. Several parts stop on SIGTERM (the job engine hands its runs back, the server stores the
 * hits it acknowledged); whichever ends the process must wait for the others' work, or a fast engine stop
 * exits while the hits are still being written.
 */
// On globalThis: the server script and the Next.js bundle (where the job engine starts) each load this module.
const g = globalThis as unknown as { __shutdownWork?: Set<Promise<unknown>> };
g.__shutdownWork ??= new Set();
const work = g.__shutdownWork;

/** Work the process must finish before it exits (failures are the caller's to log). */
export function holdExit<T>(task: Promise<T>): Promise<T> {
  const held = task.catch(() => undefined);
  work.add(held);
  void held.finally(() => work.delete(held));
  return task;
}

/** Exits with `code` once `stop` and every held piece of work (also work held meanwhile) have settled. */
export async function exitAfter(stop: () => Promise<unknown>, code: number): Promise<never> {
  await holdExit(stop());
  while (work.size > 0) await Promise.all([...work]);
  process.exit(code);
}
