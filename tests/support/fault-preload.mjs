/**
 * Crash-test preload (`NODE_OPTIONS=--import <this file>`): with FAULT_KILL_AT naming a point of the send
 * (src/platform/faults.ts), the FAULT_KILL_AFTER-th arrival there sends SIGKILL to the whole process group (the
 * launcher, Next.js and the send's process), so no shutdown code runs. The settings belong to the tests, not to
 * the app's environment schema.
 */
const at = process.env.FAULT_KILL_AT;
const after = Number(process.env.FAULT_KILL_AFTER ?? "1") || 1;
const reached = new Map();

if (at) {
  globalThis[Symbol.for("riesgos-ia.fault-point")] = (point) => {
    if (point !== at) return;
    const n = (reached.get(point) ?? 0) + 1;
    reached.set(point, n);
    if (n < after) return;
    process.stderr.write(`[fault] killing the process group at ${point}\n`);
    process.kill(0, "SIGKILL");
  };
}
