import { createRequire } from "node:module";

type Settle = (this: unknown, ...args: unknown[]) => Promise<unknown>;
type ManagerPrototype = Record<"complete" | "fail", Settle> & { __handledCompletions?: true };

/**
 * pg-boss's worker calls its own complete/fail after our callback without awaiting them. The engine has
 * already recorded the outcome itself (awaited, retried), so that second write is redundant — but while
 * PostgreSQL is going away it rejects, and an unhandled rejection can end the process. Each call's promise
 * gets a no-op handler attached; it is still returned unchanged, so a caller that awaits (the engine) sees
 * the error as before. The wrappers keep their names: pg-boss exposes the manager's methods by `name`.
 */
export function handleUnawaitedCompletions(): void {
  const proto = (createRequire(import.meta.url)("pg-boss/src/manager.js") as { prototype: ManagerPrototype }).prototype;
  if (proto.__handledCompletions) return;
  proto.__handledCompletions = true;
  for (const name of ["complete", "fail"] as const) {
    const original = proto[name];
    const wrapped: Settle = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      result.catch(() => undefined);
      return result;
    };
    Object.defineProperty(wrapped, "name", { value: name });
    proto[name] = wrapped;
  }
}
