import { type ChildProcess, spawn } from "node:child_process";

/** A process that lived this long before it died was working: it is started again at once. */
const HEALTHY_AFTER_MS = 60_000;
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;

export interface SupervisedProcess {
  /** What the log calls it ("the newsletter send's process"). */
  name: string;
  /** Node's arguments: flags, then the script. */
  argv: string[];
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Started once this answers: the server's first start (its build's pages, the engine's queues) goes first. */
  readyUrl: string;
}

/** Node's arguments for a script: TypeScript sources through tsx, a bundle (scripts/process-bundles.ts) as it is. */
export const scriptArgv = (script: string, flags: string[]) =>
  script.endsWith(".ts") ? ["--import", "tsx", ...flags, script] : [...flags, script];

/**
 * Starts a process of the site's own beside the server (the newsletter send's, the fediverse's deliveries') and
 * starts it again whenever it dies, sooner after a long life: a crash mid-work is taken over by the new process
 * (or by the server's recovery sweep). It exits on its own, with status 0, only when it has nothing to do
 * (Inngest runs the jobs). Same process group as the launcher, so a kill of the site kills it too.
 */
export function superviseProcess(p: SupervisedProcess) {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = RESTART_MIN_MS;
  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, p.argv, { stdio: "inherit", env: p.env });
    child.on("exit", (code, signal) => {
      child = undefined;
      if (stopping || code === 0) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = RESTART_MIN_MS;
      p.log(`${p.name} stopped (${signal ?? `exit ${code}`}); starting it again in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) start();
      }, delay);
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
  };
  void (async () => {
    while (
      !stopping &&
      !(await fetch(p.readyUrl, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 500));
    if (!stopping) start();
  })();
  return {
    /** The running process's id, if one is running. */
    pid: () => child?.pid,
    /**
     * Passes the launcher's stop signal on, once (a second signal would cut the graceful stop short), with no
     * restart after it; resolves once the process is gone.
     */
    async stop(signal: NodeJS.Signals): Promise<void> {
      const running = child;
      const signalled = stopping;
      stopping = true;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once("exit", resolve));
      if (!signalled) running.kill(signal);
      await gone;
    },
  };
}
