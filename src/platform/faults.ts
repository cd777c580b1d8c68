import { env } from "~/platform/env/env.js";
import { log } from "~/platform/log/logger.ts";

export type FaultPoint = NonNullable<typeof env.FAULT_KILL_AT>;

const reached = new Map<FaultPoint, number>();

/**
 * Test-only fault injection: with FAULT_KILL_AT naming this point, the FAULT_KILL_AFTER-th arrival here sends
 * SIGKILL to the whole process group (the launcher and Next.js), as an OOM kill or a power cut would, so no
 * shutdown code runs. Unset (always, outside the crash tests) it does nothing.
 */
export function faultPoint(point: FaultPoint): void {
  if (env.FAULT_KILL_AT !== point) return;
  const n = (reached.get(point) ?? 0) + 1;
  reached.set(point, n);
  if (n < env.FAULT_KILL_AFTER) return;
  log.fatal(`[fault] killing the process group at ${point}`);
  process.kill(0, "SIGKILL");
}
