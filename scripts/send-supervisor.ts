import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/**
 * V8 limits of the send's own process. A send allocates a few hundred MB of short-lived objects per minute
 * (recipients, request bodies); a small young generation and old-space cap make V8 collect them at once
 * instead of growing to a heap limit sized for the machine. bench/history/2026-11-21-to-25.md, "Newsletter send
 * in its own process", has the figures (1,000,000 recipients within the 300 MB goal).
 */
export const SEND_PROCESS_V8_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=128"];
/** A process that lived this long before it died was working: it is started again at once. */
const HEALTHY_AFTER_MS = 60_000;
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;

/**
 * Starts the newsletter send's own process (scripts/send-process.ts) and starts it again whenever it dies: a
 * crash in the middle of a send is then taken over by the new process (or by the server's recovery sweep),
 * which resumes after the last batch stored. It exits on its own, with status 0, only when there is nothing for
 * it to do (Inngest runs the jobs). Same process group as the launcher, so a kill of the site kills it too.
 */
export function superviseSendProcess(env: NodeJS.ProcessEnv, log: (line: string) => void, readyUrl: string) {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = RESTART_MIN_MS;
  const start = () => {
    const startedAt = Date.now();
    child = spawn(
      process.execPath,
      ["--import", "tsx", ...SEND_PROCESS_V8_FLAGS, path.resolve("scripts/send-process.ts")],
      { stdio: "inherit", env },
    );
    child.on("exit", (code, signal) => {
      child = undefined;
      if (stopping || code === 0) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = RESTART_MIN_MS;
      log(`the newsletter send's process stopped (${signal ?? `exit ${code}`}); starting it again in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) start();
      }, delay);
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
  };
  // Started once the server answers: its first start (the build's pages, the engine's queues) keeps both cores,
  // and a send requested meanwhile waits in its queue.
  void (async () => {
    while (
      !stopping &&
      !(await fetch(readyUrl, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 500));
    if (!stopping) start();
  })();
  return {
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
