/**
 * Crash-test preload (`NODE_OPTIONS=--import <this file>`): with FAULT_KILL_AT naming a point of the send
 * (src/platform/faults.ts), the FAULT_KILL_AFTER-th arrival there sends SIGKILL to the whole process group (the
 * launcher, Next.js and the send's process), so no shutdown code runs. With FAULT_KILL_SENDING, only the send of
 * that newsletter counts: the same server can first finish the send a kill before interrupted. The settings
 * belong to the tests, not to the app's environment schema.
 */
const at = process.env.FAULT_KILL_AT;
const only = process.env.FAULT_KILL_SENDING;
const after = Number(process.env.FAULT_KILL_AFTER ?? "1") || 1;
let reached = 0;

if (at) {
  globalThis[Symbol.for("riesgos-ia.fault-point")] = (point, sending) => {
    if (point !== at || (only && sending !== only)) return;
    reached++;
    if (reached < after) return;
    process.stderr.write(`[fault] killing the process group at ${point} of ${sending}\n`);
    process.kill(0, "SIGKILL");
  };
}
