/**
 * The fediverse fan-out benchmark:
 *
 *   1. an article published to FOLLOWERS followers (default 10,000) whose inboxes are one loopback server
 *      (tests/support/fake-inboxes.ts), on a database of its own: the server's job side
 *      (tests/support/fediverse-app-process.ts: startAppJobs, which leaves the deliveries to their process)
 *      queues it, and the fediverse's own process delivers it — scripts/fediverse-process.ts with the
 *      launcher's V8 limits, at its nice 15, as `npm start` runs it beside the server (deliveries 16 at once):
 *      seconds from the publication queued to the last inbox having the Create, deliveries a second, the
 *      delivery process's peak RSS (kernel VmHWM) and CPU, duplicates (goal 0);
 *   2. the production site (through the launcher, as bench:throughput starts it) serving an article page to
 *      wrk (8 connections, SECONDS s) idle, during the fan-out, and idle again: the ratio (goal ≥ 0.9). In
 *      production the delivery process runs beside the server exactly so (its own process, lower priority);
 *      only its database differs here (the site refuses loopback inboxes outside NODE_ENV=test); then PAIRS (8)
 *      pairs of PAIR_SECONDS (5 s) windows during the fan-out, one with the deliveries' process stopped (SIGSTOP)
 *      and one with it running, in ABBA order: the median of the pairs' ratios (goal ≥ 0.9) holds on a host
 *      whose own speed drifts between the idle windows minutes apart;
 *   3. the real inbox (bench/lib/fediverse-inbox-run.ts, a process of its own): INBOX_FOLLOWS signed Follows
 *      (default 2,000) POSTed INBOX_CONCURRENCY at a time (default 16): followers verified and stored a second.
 *
 *   npm run bench:fediverse        (FOLLOWERS=2000 INBOX_FOLLOWS=500 npm run bench:fediverse for a quick run)
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import { createPrismaClient } from "~/platform/db/client.ts";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { FakeInboxes } from "../tests/support/fake-inboxes.ts";
import { niceOf, startDeliverer } from "../tests/support/fediverse-deliverer.ts";
import { readUntil } from "../tests/support/until.ts";
import { treeCpuMs } from "./lib/process-cpu.ts";
import { kernelMemory } from "./lib/process-memory.ts";
import { startSite, stop } from "./lib/servers.ts";
import { type LoadResult, median, wrkAsync } from "./lib/wrk.ts";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const FOLLOWERS = setting("FOLLOWERS", 10_000);
const INBOX_FOLLOWS = setting("INBOX_FOLLOWS", 2000);
const INBOX_CONCURRENCY = setting("INBOX_CONCURRENCY", 16);
const SECONDS = setting("SECONDS", 10);
/** Paired windows while the fan-out runs: the deliveries' process stopped (SIGSTOP) for one, running for the next. */
const PAIRS = setting("PAIRS", 8);
const PAIR_SECONDS = setting("PAIR_SECONDS", 5);
// Ports of this bench's own, apart from bench:throughput's (3310, 54398), which another clone may be running.
const SITE_PORT = 3341;
const SITE_PG_PORT = 54441;
const LONG = 60 * 60_000;

const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
const pageUrl = `http://127.0.0.1:${SITE_PORT}/noticias/${articles[0]!.slug}`;
const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const loads: Record<string, number[]> = { start: load() };
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const page = (r: LoadResult) => ({ rps: round(r.rps), p50ms: r.p50ms, p99ms: r.p99ms, errors: r.errors + r.non2xx });
fs.mkdirSync("bench/results", { recursive: true });

/**
 * CPU used so far (ms) by the site (launcher, server, its PostgreSQL), the delivery process, and the rest of this
 * process's tree: the bench with the fake inboxes, the server-side job process and the fan-out's PostgreSQL.
 */
const cpuNow = (site: ChildProcess, job?: number) => ({
  site: treeCpuMs(site.pid!),
  job: job ? treeCpuMs(job) : 0,
  all: treeCpuMs(process.pid),
});
const cpuSince = (a: ReturnType<typeof cpuNow>, b: ReturnType<typeof cpuNow>) => ({
  site: round((b.site - a.site) / 1000, 2),
  delivery_process: round((b.job - a.job) / 1000, 2),
  inboxes_and_fanout_db: round((b.all - b.site - b.job - (a.all - a.site - a.job)) / 1000, 2),
});

/** A bench script in a process of its own, its output in bench/results/<log>; resolves with its first message. */
function forkLogged(script: string, args: string[], env: Record<string, string>, log: string) {
  const out = fs.openSync(`bench/results/${log}`, "w");
  const child = fork(script, args, {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", out, out, "ipc"],
  });
  const message = new Promise<unknown>((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before reporting`)));
  });
  return { child, message };
}

const { server: pg, createDb } = await startTestPostgres();
const inboxes = new FakeInboxes();
let site: ChildProcess | undefined;
let app: ChildProcess | undefined;
let deliverer: ChildProcess | undefined;
try {
  // The fan-out's database: FOLLOWERS followers on the loopback inboxes and a published article.
  const fanoutUrl = await createMigratedDatabase(createDb, "fbench_fanout");
  const db = createPrismaClient(fanoutUrl);
  await inboxes.listen();
  await db.fediverseFollower.createMany({ data: inboxes.followerRows(FOLLOWERS) });
  const article = await db.article.create({
    data: {
      slug: "fan-out-bench",
      title_es: "Medir el reparto",
      summary_es: "Una entrega por seguidor.",
      body_es: "Primer párrafo.",
      date: new Date(),
      published_at: new Date(),
      status: "published",
    },
  });

  // 2a. The reader page with nothing else running (after a warm-up that fills the page cache).
  site = await startSite(SITE_PORT, { name: "fbench", pgPort: SITE_PG_PORT });
  await wrkAsync("warm-up", pageUrl, { seconds: 3, connections: 8 });
  loads.idle = load();
  const idleCpuBefore = cpuNow(site);
  const idle = await wrkAsync("idle", pageUrl, { seconds: SECONDS, connections: 8 });
  const cpuIdle = cpuSince(idleCpuBefore, cpuNow(site));

  // 1. The fan-out: the delivery process first (it polls its queues once started), then the publication
  // queued by the server's side; timed from the enqueue (that process's ready message follows it).
  const fanoutEnv = {
    NODE_ENV: "test",
    DATABASE_URL: fanoutUrl,
    SITE_URL: "http://127.0.0.1:9",
    NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:9",
    FEDIVERSE: "on",
    FEDIVERSE_ALLOW_PRIVATE_ADDRESS: "1",
    FEDIVERSE_PROCESS: "own",
    // NODE_ENV=test polls every 0.5 s; the engines poll as in production, or the server side's idle polling (a
    // second engine here, beside the site's own) would weigh on the windows the idle ones do not have.
    JOB_POLL_SECONDS: "2",
  } as const;
  const spawned = performance.now();
  deliverer = await startDeliverer({ ...process.env, ...fanoutEnv }, "bench/results/fediverse-fanout-deliverer.log");
  const started = forkLogged(
    "tests/support/fediverse-app-process.ts",
    [`announce:${article.id}`],
    fanoutEnv,
    "fediverse-fanout-app.log",
  );
  app = started.child;
  await started.message;
  const published = performance.now();
  const pid = deliverer.pid!;
  const nice = niceOf(pid);
  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, kernelMemory(pid, "VmRSS") ?? 0);
  }, 250);

  // 2b. The same page while the fan-out runs: started once it is under way.
  await readUntil(
    async () => inboxes.posts,
    (n) => n >= Math.min(500, Math.ceil(FOLLOWERS / 20)),
    LONG,
  );
  const postsBefore = inboxes.posts;
  loads.during = load();
  const cpuBefore = cpuNow(site, pid);
  const during = await wrkAsync("during fan-out", pageUrl, { seconds: SECONDS, connections: 8 });
  const cpuDuring = cpuSince(cpuBefore, cpuNow(site, pid));
  const postsAfter = inboxes.posts;

  // 2c. Paired windows: the host's own speed drifts by 10–30 % within minutes here (other tenants), more than the
  // effect measured, so each window with the deliveries running is compared with its neighbour with that process
  // stopped (SIGSTOP: no CPU, no queries), in the order ABBA so a steady drift cancels out.
  const pairs: { stopped: number; running: number; deliveries: number }[] = [];
  for (let i = 0; i < PAIRS && inboxes.posts < FOLLOWERS * 0.9; i++) {
    const windowOf = async (running: boolean) => {
      deliverer?.kill(running ? "SIGCONT" : "SIGSTOP");
      const posts = inboxes.posts;
      const r = await wrkAsync(running ? "running" : "stopped", pageUrl, { seconds: PAIR_SECONDS, connections: 8 });
      return { rps: r.rps, posts: inboxes.posts - posts, errors: r.errors + r.non2xx };
    };
    const [a, b] = i % 2 === 0 ? [false, true] : [true, false];
    const first = await windowOf(a);
    const second = await windowOf(b);
    const [stopped, running] = a ? [second, first] : [first, second];
    deliverer?.kill("SIGCONT");
    pairs.push({ stopped: round(stopped.rps), running: round(running.rps), deliveries: running.posts });
  }
  const pairRatios = pairs.map((p) => p.running / p.stopped);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  const activityId = () => [...inboxes.activityIds()][0] ?? "";
  const done = await readUntil(
    async () => inboxes.tally(activityId()),
    (t) => t.inboxes >= FOLLOWERS,
    LONG,
  );
  const wall = (performance.now() - published) / 1000;
  loads.fanoutEnd = load();
  clearInterval(sampler);
  const hwm = kernelMemory(pid, "VmHWM") ?? 0;
  const cpuMs = treeCpuMs(pid);
  const serverSideHwm = kernelMemory(app.pid!, "VmHWM") ?? 0;
  const serverSideCpuMs = treeCpuMs(app.pid!);
  // The sender's records settle too: every delivery recorded delivered.
  const deliveryRows = async () =>
    (await db.fediverseDelivery.groupBy({ by: ["status"], _count: { _all: true } })).map((g) => ({
      status: g.status,
      count: g._count._all,
    }));
  const rows = await readUntil(
    deliveryRows,
    (g) => g.length === 1 && g[0]?.status === "delivered" && g[0].count === FOLLOWERS,
    120_000,
  ).catch(deliveryRows);
  app.kill("SIGKILL");
  deliverer.kill("SIGKILL");
  await Promise.all([once(app, "exit"), once(deliverer, "exit")]);
  app = undefined;
  deliverer = undefined;
  await db.$disconnect();

  // 2c. Idle again: how far the machine's other load moved meanwhile.
  loads.idleAfter = load();
  const idleAfter = await wrkAsync("idle after", pageUrl, { seconds: SECONDS, connections: 8 });
  stop(site);
  site = undefined;

  // 3. The inbox.
  loads.inbox = load();
  const inboxUrl = await createMigratedDatabase(createDb, "fbench_inbox");
  const inbox = forkLogged(
    "bench/lib/fediverse-inbox-run.ts",
    [String(INBOX_FOLLOWS), String(INBOX_CONCURRENCY)],
    { NODE_ENV: "development", DATABASE_URL: inboxUrl },
    "fediverse-inbox.log",
  );
  const inboxResult = (await inbox.message) as { followers_stored: number };
  await once(inbox.child, "exit");
  loads.end = load();

  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} vCPU, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadavg_1_5_15: loads,
    fanout: {
      followers: FOLLOWERS,
      processes_start_seconds: round((published - spawned) / 1000, 2),
      delivery_process_nice: nice,
      seconds_publish_to_last_inbox: round(wall, 2),
      deliveries_per_second: round(FOLLOWERS / wall),
      inboxes_with_create: done.inboxes,
      duplicates: done.extra,
      posts_received: inboxes.posts,
      unsigned: inboxes.unsigned,
      delivery_rows: Object.fromEntries(rows.map((r) => [r.status, r.count])),
      delivery_process_peak_rss_mb: round(hwm / 2 ** 20),
      delivery_process_peak_rss_sampled_mb: round(peakSampled / 2 ** 20),
      delivery_process_cpu_seconds: round(cpuMs / 1000),
      delivery_process_cpu_ms_per_delivery: round(cpuMs / FOLLOWERS, 2),
      server_side_jobs_peak_rss_mb: round(serverSideHwm / 2 ** 20),
      server_side_jobs_cpu_seconds: round(serverSideCpuMs / 1000, 1),
    },
    reader_page: {
      url: pageUrl,
      connections: 8,
      seconds: SECONDS,
      idle: page(idle),
      during_fanout: page(during),
      idle_after: page(idleAfter),
      cpu_seconds_idle: cpuIdle,
      cpu_seconds_during: cpuDuring,
      deliveries_during_wrk: postsAfter - postsBefore,
      fanout_ran_throughout: postsAfter < FOLLOWERS,
      ratio_during_to_idle: round(during.rps / idle.rps, 3),
      ratio_during_to_idle_after: round(during.rps / idleAfter.rps, 3),
      paired_windows: {
        seconds_each: PAIR_SECONDS,
        pairs,
        ratio_median: round(median(pairRatios), 3),
        ratio_of_sums: round(sum(pairs.map((p) => p.running)) / sum(pairs.map((p) => p.stopped)), 3),
      },
      note: "the deliveries run in their own process at nice 15 beside the site, as npm start runs them",
    },
    inbox: inboxResult,
    goal: { duplicates: 0, ratio_during_to_idle: 0.9, paired_ratio_median: 0.9 },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync("bench/results/fediverse-fanout.json", JSON.stringify(result, null, 2));
  if (done.inboxes !== FOLLOWERS || done.extra > 0 || inboxResult.followers_stored !== INBOX_FOLLOWS) {
    process.exitCode = 1;
  }
} finally {
  app?.kill("SIGKILL");
  deliverer?.kill("SIGKILL");
  stop(site);
  await inboxes.close();
  await pg?.stop();
}
process.exit();
