import fs from "node:fs";

/**
 * While `work` (the production build, made beside the fast tiers) runs, this test run's own processes yield it
 * the CPU. The kernel shares the CPU between sessions (its autogroups) before it ranks the processes of one
 * session by their nice values, and the build runs in a session of its own (the launcher's): lowering the
 * workers' nice gave it nothing back, and with four workers beside it the build took 171 s instead of 122 s,
 * which held back every file that waits for the shared server. The session's own nice value does.
 *
 * Only a process that leads its session changes it (`npm test` starts vitest so): a vitest started from a
 * terminal shares the terminal's session, which stays as it was. The value is restored when `work` settles.
 */
export function yieldWhile<T>(work: Promise<T>, nice: number, autogroup = "/proc/self/autogroup"): Promise<T> {
  const before = sessionNice(autogroup);
  if (before === undefined || !leadsItsSession() || !setSessionNice(autogroup, nice)) return work;
  return work.finally(() => void setSessionNice(autogroup, before));
}

/** The nice value of this process's session ("/autogroup-42 nice 0"), or undefined where there is none. */
function sessionNice(autogroup: string): number | undefined {
  try {
    const nice = Number(/ nice (-?\d+)/.exec(fs.readFileSync(autogroup, "utf8"))?.[1]);
    return Number.isInteger(nice) ? nice : undefined;
  } catch {
    return undefined; // not Linux, or a kernel without autogroups
  }
}

function setSessionNice(autogroup: string, nice: number): boolean {
  try {
    fs.writeFileSync(autogroup, String(nice));
    return true;
  } catch {
    return false;
  }
}

/** Whether this process leads its session (field 6 of /proc/self/stat, after the command's closing paren). */
function leadsItsSession(): boolean {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) === process.pid;
  } catch {
    return false;
  }
}
