import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { migrate } from "~/platform/db/migrate.ts";
import { startNginx, stop } from "../../bench/lib/servers.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { freePort, type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";

export interface Cluster {
  /** The instances, each straight (no proxy). */
  instances: string[];
  /** nginx with the template's upstream over both instances (round robin) and its shared cache. */
  balancer: string;
  databaseUrl: string;
  redis: RedisServer;
  s3: S3Server;
  close(): Promise<void>;
}

/**
 * Several production instances of the site as an operator runs them: one build copied per instance (each
 * launcher empties its own build's fetch cache), one PostgreSQL database of their own, one redis-server,
 * one S3-compatible store (s3rver), the same NEXTAUTH_SECRET, and nginx in front with the documented
 * template's upstream listing every instance.
 */
export async function startCluster(opts: {
  adminDatabaseUrl: string;
  admin: { email: string; password: string };
  extraEnv?: Record<string, string>;
  count?: number;
}): Promise<Cluster> {
  const count = opts.count ?? 2;
  const databaseUrl = await freshDatabase(opts.adminDatabaseUrl, "scale");
  await migrate(databaseUrl);
  const redis = await startRedisServer({ persist: true });
  const s3 = await startS3Server();
  const root = path.resolve("test-results/scale-out");
  fs.mkdirSync(root, { recursive: true });
  const source = process.env.E2E_DIST_DIR ?? ".next-e2e";

  const children: ChildProcess[] = [];
  const instances: string[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    // Inside the project (Next resolves distDir from it); timestamps kept so the launcher sees a fresh build.
    const dist = `.next-scale-${i}`;
    fs.rmSync(dist, { recursive: true, force: true });
    fs.cpSync(source, dist, { recursive: true, preserveTimestamps: true });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = fs.openSync(path.join(root, `instance-${i}.log`), "w");
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        NEXT_DIST_DIR: dist,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        ...s3.env,
        NEXTAUTH_URL: url,
        SITE_URL: url,
        NEXTAUTH_SECRET: "scale-out-secret-shared-by-every-instance",
        TRUSTED_PROXY_HOPS: "1",
        ADMIN_EMAIL: opts.admin.email,
        ADMIN_PASSWORD: opts.admin.password,
        DATA_DIR: path.join(root, `data-${i}`),
        ...opts.extraEnv,
      },
      stdio: ["ignore", log, log],
      detached: true,
    });
    children.push(child);
    instances.push(url);
    ports.push(port);
  }
  const close = async () => {
    for (const child of children) stop(child);
    stop(nginx);
    await new Promise((r) => setTimeout(r, 1500));
    await redis.stop().catch(() => undefined);
    await s3.close();
    for (let i = 0; i < count; i++) fs.rmSync(`.next-scale-${i}`, { recursive: true, force: true });
  };
  let nginx: ChildProcess | undefined;
  const cachePort = await freePort();
  try {
    for (const [i, url] of instances.entries()) await waitUp(url, children[i] as ChildProcess);
    const staticPort = await freePort();
    fs.mkdirSync(path.join(root, "static"), { recursive: true });
    nginx = await startNginx({
      staticRoot: path.join(root, "static"),
      staticPort,
      cachePort,
      upstreamPort: ports,
      prefix: path.join(root, "nginx"),
    });
  } catch (err) {
    await close();
    throw err;
  }
  return { instances, balancer: `http://127.0.0.1:${cachePort}`, databaseUrl, redis, s3, close };
}

async function waitUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the instance exited (${child.exitCode}); see test-results/scale-out`);
    const up = await fetch(`${url}/api/trpc/health.check`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} did not start in 5 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
