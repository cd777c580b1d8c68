import fs from "node:fs";
import os from "node:os";

/**
 * Lowers the CPU priority (nice) of this whole process. On Linux a nice value belongs to a thread, and
 * `os.setPriority(n)` sets only the main one: the threads V8 started before it (its garbage collector's
 * helpers) kept the server's priority and competed with the pages at full weight. So every thread present now
 * is lowered; threads started later inherit the value from the thread that starts them.
 */
export function lowerProcessPriority(nice: number): void {
  os.setPriority(nice);
  for (const tid of threadIds()) {
    try {
      os.setPriority(tid, nice);
    } catch {
      // A thread that ended meanwhile has no priority left to set.
    }
  }
}

function threadIds(): number[] {
  try {
    return fs
      .readdirSync("/proc/self/task")
      .map(Number)
      .filter((tid) => Number.isInteger(tid) && tid !== process.pid);
  } catch {
    return []; // not Linux: the process-wide call above is all there is
  }
}
