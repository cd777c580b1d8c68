import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** (pid, parent pid, user + system CPU ticks) of every process Linux lists in /proc. */
function processTable() {
  const rows: { pid: number; ppid: number; ticks: number }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command name (which may hold spaces), from field 3 (state) on.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      rows.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {} // gone meanwhile
  }
  return rows;
}

/**
 * CPU time (ms, user + system) used so far by `root` and every process below it: the launcher, the server it
 * starts and the send's process. Not the load generator nor a database the bench runs itself.
 */
export function treeCpuMs(root: number): number {
  const rows = processTable();
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows)
      if (!inTree.has(r.pid) && inTree.has(r.ppid)) {
        inTree.add(r.pid);
        grew = true;
      }
  }
  return (rows.filter((r) => inTree.has(r.pid)).reduce((sum, r) => sum + r.ticks, 0) * 1000) / TICKS_PER_SECOND;
}
