import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

/**
 * The real launcher (`npm start` = scripts/start.ts) in a process group of its own, its output in `logPath`,
 * resolved once it serves (it builds first when the build is stale); `stop` ends the group.
 */
export async function startLauncher(env: Record<string, string>, port: number, logPath: string, minutes: number) {
  fs.mkdirSync("test-results", { recursive: true });
  const log = fs.createWriteStream(logPath);
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    // No nightly backup in a test server unless a test asks for one.
    env: { BACKUP_CRON: "off", ...process.env, ...env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const stop = async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/trpc/health.check`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { stop };
    const code = await Promise.race([exited, new Promise((r) => setTimeout(r, 1000, "waiting"))]);
    if (code !== "waiting") throw new Error(`the launcher exited with ${code}; see ${logPath}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the launcher did not serve in ${minutes} minutes; see ${logPath}`);
    }
  }
}
