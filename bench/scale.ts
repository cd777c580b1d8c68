import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { startRedisServer } from "../tests/support/redis-server.ts";
import { type Instance, insertArticle, login, redisOutage, timeUntilEverywhere } from "./lib/scale-probes.ts";
import { startBenchDatabase, startNginx, startSite, stop } from "./lib/servers.ts";
import { median, wrk } from "./lib/wrk.ts";

/**
 * Several instances (issue: "grow past one box"): two production instances behind the nginx template
 * (round robin), one PostgreSQL, one redis-server started here (REDIS_URL: the shared data cache).
 * 1. Propagation: a write answered on A (edit, publish, delete; WRITES of each, cache warm on every instance
 *    before each) → time until every instance serves it. Goal ≤ 1 s.
 * 2. Throughput of an article page on one instance, Redis cache vs in-process cache (a third instance without
 *    REDIS_URL), rounds side by side. Goal ≥ 0.9×.
 * 3. Redis stopped for 3 s and started again under steady reads on both instances, with an edit during the
 *    outage and one after: errors and stale answers. Goal 0 / 0.
 * Usage: npm run bench:scale  (WRITES=20, WRK_SECONDS=10, ROUNDS=3)
 */
const WRITES = Number(process.env.WRITES ?? 20);
const WRK_SECONDS = Number(process.env.WRK_SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PORTS = { a: 3370, b: 3371, single: 3372, static: 3373, cache: 3374 };
const PG_PORT = 54393;
const ADMIN = { email: "bench-admin@riesgos-ia.local", password: "bench-admin-password" };

function copyBuild(to: string) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(process.env.BENCH_DIST_DIR ?? ".next-bench", to, { recursive: true, preserveTimestamps: true });
}

const p = (xs: number[], q: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const db = await startBenchDatabase("scale", PG_PORT);
  const redis = await startRedisServer();
  const common = { DATABASE_URL: db.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const shared = { ...common, REDIS_URL: redis.url, NEXTAUTH_SECRET: "bench-scale-secret-shared-by-all-instances" };
  // A builds .next-bench when stale; B and the single instance get copies (each launcher empties its own).
  const a = await startSite(PORTS.a, { name: "scale-a", env: shared });
  copyBuild(".next-bench-scale-b");
  copyBuild(".next-bench-scale-single");
  const b = await startSite(PORTS.b, { name: "scale-b", env: { ...shared, NEXT_DIST_DIR: ".next-bench-scale-b" } });
  const single = await startSite(PORTS.single, {
    name: "scale-single",
    env: { ...common, NEXT_DIST_DIR: ".next-bench-scale-single" },
  });
  fs.mkdirSync("bench/results/static", { recursive: true });
  const nginx = await startNginx({
    staticRoot: "bench/results/static",
    staticPort: PORTS.static,
    cachePort: PORTS.cache,
    upstreamPort: [PORTS.a, PORTS.b],
  });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const instances: Instance[] = [
    { label: "A", url: `http://127.0.0.1:${PORTS.a}` },
    { label: "B", url: `http://127.0.0.1:${PORTS.b}` },
  ];
  const [A] = instances as [Instance, Instance];
  const run = Date.now().toString(36);
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const cookie = await login(A.url, ADMIN);
    const write = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${A.url}/api${path}`, {
        method,
        headers: { cookie, origin: A.url, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    };

    // 1. Propagation.
    const times: Record<"edit" | "publish" | "delete", number[]> = { edit: [], publish: [], delete: [] };
    for (let i = 0; i < WRITES; i++) {
      const slug = `bench-scale-${run}-${i}`;
      await insertArticle(client, slug, `Borrador ${run} ${i}`, "draft");
      const page = `/noticias/${slug}`;
      // Publish: the cached list shows it (a missing article's own page is never cached).
      times.publish.push(
        await timeUntilEverywhere(
          instances,
          "/noticias",
          (r) => r.body.includes(slug),
          () => write("PUT", `/articles/${slug}`, { status: "published" }),
        ),
      );
      times.edit.push(
        await timeUntilEverywhere(
          instances,
          page,
          (r) => r.body.includes(`Editado ${run} ${i}`),
          () => write("PATCH", `/articles/${slug}`, { title_es: `Editado ${run} ${i}` }),
        ),
      );
      times.delete.push(
        await timeUntilEverywhere(
          instances,
          page,
          (r) => r.status === 404,
          () => write("DELETE", `/articles/${slug}`, {}),
        ),
      );
    }

    // 2. Throughput, one instance: Redis cache (A) vs in-process (single), alternating rounds.
    const [article] = (
      await client.query<{ slug: string }>(
        "SELECT slug FROM articles WHERE status = 'published' ORDER BY date DESC LIMIT 1",
      )
    ).rows;
    const articlePath = `/noticias/${article?.slug}`;
    const withRedis: number[] = [];
    const inProcess: number[] = [];
    for (const url of [A.url, `http://127.0.0.1:${PORTS.single}`])
      wrk("warm", `${url}${articlePath}`, { seconds: 3, connections: 16 });
    for (let r = 0; r < ROUNDS; r++) {
      withRedis.push(wrk("redis", `${A.url}${articlePath}`, { seconds: WRK_SECONDS, connections: 32 }).rps);
      inProcess.push(
        wrk("memory", `http://127.0.0.1:${PORTS.single}${articlePath}`, { seconds: WRK_SECONDS, connections: 32 }).rps,
      );
    }

    // 3. Redis stop / start under load.
    const outage = await redisOutage({ instances, redis, client, run, write });

    const cpus = os.cpus();
    say(`\n## bench:scale — ${new Date().toISOString()}`);
    say(
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    say("\n| write on A → served by A and B | n | p50 ms | max ms | goal |");
    say("|---|---:|---:|---:|---|");
    for (const [kind, xs] of Object.entries(times))
      say(`| ${kind} | ${xs.length} | ${median(xs).toFixed(0)} | ${Math.max(...xs).toFixed(0)} | ≤ 1000 |`);
    say(`\n| article page, one instance, wrk 32 connections × ${WRK_SECONDS} s, ${ROUNDS} rounds | req/s (median) |`);
    say("|---|---:|");
    say(`| in-process cache | ${median(inProcess).toFixed(0)} |`);
    say(`| Redis cache | ${median(withRedis).toFixed(0)} |`);
    say(`| ratio Redis / in-process (goal ≥ 0.9) | ${(median(withRedis) / median(inProcess)).toFixed(2)} |`);
    say(
      `\nRedis stopped ${outage.downMs} ms and started again, reads on A and B all along (${outage.reads} reads), an edit during the outage and one after it:`,
    );
    say(
      `errors ${outage.errors}, stale answers ${outage.stale} (goal 0 / 0); p95 read ${p(outage.latencies, 0.95).toFixed(0)} ms`,
    );
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync("bench/results/scale.md", `${lines.join("\n")}\n`);
    if (Object.values(times).some((xs) => Math.max(...xs) > 1000) || outage.errors || outage.stale)
      process.exitCode = 1;
  } finally {
    await client.end();
    for (const child of [nginx, a, b, single]) stop(child);
    await new Promise((r) => setTimeout(r, 1500));
    await redis.stop().catch(() => undefined);
    await db.stop();
    for (const dir of [".next-bench-scale-b", ".next-bench-scale-single"])
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
