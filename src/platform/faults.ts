/** The points of a newsletter send where the crash tests stop the process, as an OOM kill or a power cut would. */
export type FaultPoint = "before-claim" | "after-claim" | "after-enqueue" | "between-batches" | "after-batch-accepted";

const HOOK = Symbol.for("riesgos-ia.fault-point");

/**
 * Marks a point of the send of `sending` (what goes out: a newsletter's id). Production installs nothing here,
 * so the call does nothing; the crash tests load a preload (tests/support/fault-preload.mjs) that puts a
 * handler on this global and decides, from their own settings, where and in which send to kill. A global and
 * not a module variable: the handler must reach the Next.js bundle and the send's process alike, each with its
 * own copy of this module.
 */
export function faultPoint(point: FaultPoint, sending: string): void {
  const hook = (globalThis as Record<symbol, unknown>)[HOOK];
  if (typeof hook === "function") hook(point, sending);
}
