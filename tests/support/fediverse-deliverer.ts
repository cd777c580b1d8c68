import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { fediverseProcessArgv } from "../../scripts/fediverse-supervisor.ts";

/**
 * The fediverse's own process (scripts/fediverse-process.ts) with the launcher's arguments (its V8 limits),
 * on `env`; resolves once it works its queues. Its output goes to `log` when given.
 */
export function startDeliverer(env: NodeJS.ProcessEnv, log?: string): Promise<ChildProcess> {
  const out = log ? fs.openSync(log, "w") : "ignore";
  const child = spawn(process.execPath, fediverseProcessArgv(), {
    env,
    stdio: ["ignore", out, log ? out : "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`the fediverse's process exited (${code})`)));
  });
}

/** A process's nice value, as the kernel schedules it (/proc/<pid>/stat, field 19). */
export function niceOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis: state is field 3, nice field 19.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[16]);
}
