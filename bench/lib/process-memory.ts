import { readFileSync, writeFileSync } from "node:fs";

type Pid = number | "self";

/**
 * A process's memory as the kernel counts it (Linux `/proc/<pid>/status`), in bytes: `VmRSS` now or `VmHWM`,
 * the peak since the last reset. Null where there is no such file (another OS, a process gone).
 */
export function kernelMemory(pid: Pid, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts the kernel's peak RSS of `pid` afresh (Linux: clear_refs 5), so it covers what follows alone. */
export function resetKernelPeak(pid: Pid): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
