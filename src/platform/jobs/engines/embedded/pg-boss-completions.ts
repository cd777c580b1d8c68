import { createRequire } from "node:module";
import type PgBoss from "pg-boss";

type Settle = (this: unknown, name: unknown, id: unknown, data?: unknown, options?: unknown) => Promise<unknown>;
interface OwnCompletions {
  /** Options that mark a complete/fail call as the engine's own record of an outcome (this very object). */
  marker: PgBoss.ConnectionOptions;
  /** Outcomes the engine recorded whose worker callback pg-boss has not yet followed with its own call. */
  recorded: Map<string, number>;
  wrapped: boolean;
}
type ManagerPrototype = Record<"complete" | "fail", Settle> & { __ownCompletions?: OwnCompletions };

// Kept on pg-boss's own module, loaded once per process: this module may be evaluated again (test files that
// share a worker), and the wrappers must keep reading the marker and the records the engine writes.
const proto = (createRequire(import.meta.url)("pg-boss/src/manager.js") as { prototype: ManagerPrototype }).prototype;
proto.__ownCompletions ??= { marker: Object.freeze({}), recorded: new Map(), wrapped: false };
const own = proto.__ownCompletions;

export const engineRecord: PgBoss.ConnectionOptions = own.marker;

/** The engine recorded this run's outcome: pg-boss's own call for it, after the worker's callback, is skipped. */
export function outcomeRecorded(id: string): void {
  own.recorded.set(id, (own.recorded.get(id) ?? 0) + 1);
}

/** Takes back one recorded outcome of `id`; false when there was none to take. */
function takeRecorded(id: string): boolean {
  const n = own.recorded.get(id) ?? 0;
  if (n === 0) return false;
  if (n === 1) own.recorded.delete(id);
  else own.recorded.set(id, n - 1);
  return true;
}

/**
 * pg-boss's worker calls its own complete/fail after our callback, for the whole batch it fetched, without
 * awaiting it. The engine has already recorded each run's outcome itself, so that call is at best redundant:
 * - a run of the batch that failed early may already be running its retry on another worker, and the batch's
 *   late "complete" would end that new attempt as completed (its real outcome then lost);
 * - while PostgreSQL is going away it rejects, and an unhandled rejection can end the process.
 * So pg-boss's own call skips the runs the engine recorded (once per record), and its promise gets a no-op
 * handler; the engine's calls (marked with `engineRecord`) go through unchanged, errors and all. The wrappers
 * keep their names: pg-boss exposes the manager's methods by `name`.
 */
export function ownCompletionsOnly(): void {
  if (own.wrapped) return;
  own.wrapped = true;
  for (const name of ["complete", "fail"] as const) {
    const original = proto[name];
    const wrapped: Settle = function (this: unknown, queue, id, data, options) {
      if (options === own.marker) return original.call(this, queue, id, data);
      const ids = (Array.isArray(id) ? id : [id]).filter((i) => typeof i !== "string" || !takeRecorded(i));
      if (ids.length === 0) return Promise.resolve({ jobs: [], requested: 0, affected: 0 });
      const result = original.call(this, queue, ids, data, options);
      result.catch(() => undefined);
      return result;
    };
    Object.defineProperty(wrapped, "name", { value: name });
    proto[name] = wrapped;
  }
}
