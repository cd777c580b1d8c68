import fs from "node:fs";
import path from "node:path";

/** How long a start waits for the processes of a crashed PostgreSQL to go (its backends outlive a kill -9). */
const STALE_LOCK_WAIT_MS = 10_000;
/** A killed postmaster is gone within milliseconds; one still there after this is a live one. */
const DYING_OWNER_GRACE_MS = 2_000;
const POLL_MS = 200;

/** The postmaster that holds the data folder's lock (postmaster.pid), when there is a lock file. */
function lockOwner(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A running process (a zombie, killed but not yet reaped, is gone: it holds nothing). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return true; // no /proc: the signal check is all we have
  }
}

/** The lock's owner is gone: the file only stops PostgreSQL when its pid now belongs to another process. */
function lockIsStale(dataDir: string): boolean {
  const owner = lockOwner(dataDir);
  return owner === null || !processAlive(owner);
}

/** PostgreSQL's own reason for not starting: its FATAL/PANIC/ERROR lines and their HINT/DETAIL. */
export function postgresReason(output: string): string {
  const lines = output
    .split("\n")
    .map((l) => l.replace(/^.*?\b(FATAL|PANIC|ERROR|HINT|DETAIL):\s+/, "$1: ").trim())
    .filter((l) => /^(FATAL|PANIC|ERROR|HINT|DETAIL): /.test(l));
  return lines.length ? lines.join(" ") : "PostgreSQL exited before it was ready (no message)";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts PostgreSQL on a data folder a crash may have left locked. A lock whose owner is gone is removed, and
 * while the crashed server's processes still hold its shared memory the start is retried, for a while; a lock
 * a live server holds is never touched, and the start fails at once with PostgreSQL's own message.
 * `start` runs PostgreSQL once and rejects when it exits; `output` is what that attempt printed.
 */
export async function startOnFreeLock(
  dataDir: string,
  attempt: { start: () => Promise<void>; output: () => string; log: (line: string) => void },
): Promise<void> {
  const deadline = Date.now() + STALE_LOCK_WAIT_MS;
  for (;;) {
    if (lockOwner(dataDir) !== null && lockIsStale(dataDir)) fs.rmSync(path.join(dataDir, "postmaster.pid"));
    try {
      return await attempt.start();
    } catch {
      const reason = postgresReason(attempt.output());
      if (!(await ownerGoneWithin(dataDir, DYING_OWNER_GRACE_MS)) || Date.now() > deadline)
        throw new Error(`embedded PostgreSQL did not start: ${reason}`);
      attempt.log(`waiting for the processes of a stopped PostgreSQL to exit (${reason})`);
      await sleep(POLL_MS);
    }
  }
}

async function ownerGoneWithin(dataDir: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!lockIsStale(dataDir)) {
    if (Date.now() > until) return false;
    await sleep(POLL_MS / 4);
  }
  return true;
}
