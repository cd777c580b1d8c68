import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGTERM, waits until its port is closed). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder (with `persist`, its data comes back). */
  start(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`redis-server: ${what} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A real redis-server (Debian's) on a free loopback port, daemonized with its own folder. Without `persist`
 * it keeps nothing on disk (`--save '' --appendonly no`); with it, an append-only file brings the data back
 * after a restart, as a production Redis would.
 */
export async function startRedisServer(options: { persist?: boolean } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "redis-test-"));
  const pidFile = path.join(dir, "redis.pid");
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    options.persist ? "yes" : "no",
    "--appendfsync",
    "always",
    "--dir",
    dir,
    "--pidfile",
    pidFile,
    "--logfile",
    path.join(dir, "redis.log"),
    "--daemonize",
    "yes",
  ];
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      execFileSync("redis-server", args);
      await waitFor(() => portOpen(port), "listening");
    },
    async stop() {
      if (!fs.existsSync(pidFile)) return;
      const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
      await waitFor(async () => !(await portOpen(port)) && !fs.existsSync(pidFile), "stopped");
    },
  };
  await server.start();
  return server;
}
