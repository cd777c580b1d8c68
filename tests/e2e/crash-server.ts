import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../setup/postgres.ts";

/**
 * A production server of its own (the real launcher, `scripts/start.ts`, on the build the E2E setup made),
 * that a test can kill with SIGKILL — the whole process group, as a crash or an OOM kill would — and start
 * again on the same database.
 */
export class CrashableServer {
  private child?: ChildProcess;
  private exited?: Promise<unknown>;
  /** How long this server's last start took: the measure a graceful stop is given (stop()). */
  private lastStartMs = 0;
  readonly baseUrl: string;

  private constructor(
    private readonly port: number,
    private readonly env: Record<string, string | undefined>,
    readonly logFile: string,
    readonly distDir: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** `env` adds to (or overrides) the server's environment; a variable set to undefined is left out. */
  static async create(name: string, env: Record<string, string | undefined>): Promise<CrashableServer> {
    fs.mkdirSync("test-results", { recursive: true });
    // A copy of the build per server: the launcher empties the build's data cache at each start, and servers
    // on other databases running beside this one (the resilience tier runs files side by side) must not read
    // its entries. Timestamps kept, so the launcher sees a fresh build.
    const source = process.env.E2E_DIST_DIR ?? ".next-e2e";
    const distDir = `${source}-${name}`;
    fs.rmSync(distDir, { recursive: true, force: true });
    fs.cpSync(source, distDir, { recursive: true, preserveTimestamps: true });
    // Its log holds this run's starts only (restarts append): a line an earlier run wrote would mislead.
    const logFile = `test-results/${name}-server.log`;
    fs.rmSync(logFile, { force: true });
    return new CrashableServer(await freePort(), env, logFile, distDir);
  }

  /** Starts the server; `extra` adds to (or overrides) its environment for this start only. */
  async start(extra: Record<string, string> = {}): Promise<void> {
    const log = fs.createWriteStream(this.logFile, { flags: "a" });
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(this.port),
        NEXT_DIST_DIR: this.distDir,
        NEXTAUTH_URL: this.baseUrl,
        NEXT_PUBLIC_SITE_URL: this.baseUrl,
        NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        ...this.env,
        ...extra,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.on("exit", resolve));
    const startedAt = Date.now();
    const deadline = startedAt + 3 * 60_000;
    for (;;) {
      const up = await fetch(`${this.baseUrl}/api/trpc/health.check`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) {
        this.lastStartMs = Date.now() - startedAt;
        return;
      }
      const state = await Promise.race([this.exited, new Promise((r) => setTimeout(r, 500, "waiting"))]);
      if (state !== "waiting") throw new Error(`server exited; see ${this.logFile}`);
      if (Date.now() > deadline) throw new Error(`server did not start; see ${this.logFile}`);
    }
  }

  /** The launcher's process group (it is started detached): the launcher, Next.js and what they spawn. */
  processGroup(): number | undefined {
    return this.child?.pid;
  }

  /** Resolves once the server's processes have exited on their own (a fault point killed them); false on timeout. */
  async exitedWithin(ms: number): Promise<boolean> {
    if (!this.exited) return true;
    const state = await Promise.race([this.exited.then(() => "exited"), new Promise((r) => setTimeout(r, ms, "up"))]);
    return state === "exited";
  }

  /** SIGKILL to the launcher and Next.js together: no shutdown code runs. */
  async kill9(): Promise<void> {
    if (!this.child?.pid) return;
    process.kill(-this.child.pid, "SIGKILL");
    await this.exited;
  }

  async stop(): Promise<void> {
    if (!this.child?.pid || this.child.exitCode !== null) return;
    try {
      process.kill(-this.child.pid, "SIGTERM");
    } catch {}
    // A graceful stop (hits flushed, jobs handed back) gets 5 s, or as long as this server took to start on
    // this machine when that was longer: another file's servers may load the cores meanwhile.
    const graceMs = Math.max(5000, this.lastStartMs);
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, graceMs))]);
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {}
  }
}
