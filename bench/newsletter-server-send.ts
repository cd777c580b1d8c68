/**
 * The newsletter send where the site runs it: the real launcher (`scripts/start.ts`) on the bench's build, an
 * admin's `POST /api/admin/newsletters/{id}/send`, and the send job run by the launcher's send process
 * (NEWSLETTER_SEND_PROCESS=own, the default) or by the server itself (NEWSLETTER_SEND_PROCESS=server), against
 * the loopback fake Resend (a child process of this bench). Prints the time and the peak RSS of the process that
 * sent (the kernel's high-water mark, reset when the send starts), its RSS before, and the server's beside it.
 * `bench/newsletter-fanout.ts` measures the send job in a bare process; this one measures it where it runs.
 *
 *   SUBSCRIBERS=100000 npm run bench:newsletter-server   (the launcher builds `.next-bench` if it is missing or
 *   older than the sources; BENCH_DIST_DIR=.next-e2e reuses the test run's build)
 *   SERVER_NODE_OPTIONS=--max-semi-space-size=16 …   (V8 flags for the server, e.g. a smaller young generation)
 *   NEWSLETTER_SEND_PROCESS=server …   (the send in the server, as before the send had a process of its own)
 */
import { fork, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { CrashableServer } from "../tests/e2e/crash-server.ts";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { createBenchNewsletter } from "./lib/newsletter-fixture.ts";
import { kernelMemory, resetKernelPeak } from "./lib/process-memory.ts";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100_000);
// The launcher serves (or first builds) the bench's build, as the other benches do.
process.env.E2E_DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";
const SECRET = "bench-secret-bench-secret-bench-secret-bench";

/** The server's processes: the launcher's group (it is started detached), by pid. */
function groupPids(pgid: number): number[] {
  const out = spawnSync("ps", ["-o", "pid=", "-g", String(pgid)], { encoding: "utf8" }).stdout;
  return out
    .split("\n")
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

/** The kernel's count of `pid`'s memory, in MB (0 when it cannot be read). */
const memoryMb = (pid: number, field: "VmRSS" | "VmHWM") => (kernelMemory(pid, field) ?? 0) / 1024 / 1024;

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "";
  }
};

const { server: postgres, createDb } = await startTestPostgres();
const fake = fork(new URL("./fake-resend-process.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx", "--max-old-space-size=3072"],
  env: { ...process.env, NODE_OPTIONS: "" },
});
const ready = once(fake, "message");
let site: CrashableServer | undefined;
try {
  const databaseUrl = await createMigratedDatabase(createDb, "server-send");
  const [{ url: resendUrl }] = (await ready) as [{ url: string }];
  process.env.DATABASE_URL = databaseUrl;
  process.env.NEXTAUTH_SECRET = SECRET;
  const { db } = await import("~/platform/db/db.ts");
  const { createSession } = await import("~/platform/auth/sessions.ts");

  const newsletter = await createBenchNewsletter(db, SUBSCRIBERS, "draft");
  const admin = await db.user.create({
    data: { username: "bench-admin", email: "bench-admin@example.com", passwordHash: "x", role: "admin" },
  });
  const cookie = `next-auth.session-token=${await createSession(db, admin.id)}`;

  site = await CrashableServer.create("bench-server-send", {
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: SECRET,
    RESEND_API_KEY: "re_bench_key",
    RESEND_BASE_URL: resendUrl,
    RESEND_MAX_RPS: process.env.RESEND_MAX_RPS ?? "1000",
    NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS ?? "",
    NEWSLETTER_SEND_PROCESS: process.env.NEWSLETTER_SEND_PROCESS,
    DATA_DIR: "test-results/bench-server-send",
  });
  await site.start();
  // A server that has served pages, as in production, before the send.
  for (const path of ["/", "/en", "/noticias", "/newsletter", "/admin/newsletters"])
    await fetch(`${site.baseUrl}${path}`, { headers: { cookie } }).then((r) => r.arrayBuffer());

  const pids = groupPids(site.processGroup()!);
  const serverPid = pids
    .filter((pid) => cmdline(pid).includes("next"))
    .reduce((a, b) => (memoryMb(b, "VmRSS") > memoryMb(a, "VmRSS") ? b : a));
  const ownPid = pids.find((pid) => cmdline(pid).includes("scripts/send-process.ts"));
  const senderPid = ownPid ?? serverPid;
  const before = memoryMb(senderPid, "VmRSS");
  const serverBefore = memoryMb(serverPid, "VmRSS");
  resetKernelPeak(senderPid);
  if (ownPid) resetKernelPeak(serverPid);
  const started = performance.now();
  const res = await fetch(`${site.baseUrl}/api/admin/newsletters/${newsletter.id}/send`, {
    method: "POST",
    headers: { cookie, origin: site.baseUrl, "content-type": "application/json" },
    body: "{}",
  });
  if (!res.ok) throw new Error(`send answered ${res.status}: ${await res.text()}`);
  let row = await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } });
  let lastLog = 0;
  while (row.status === "sending") {
    await new Promise((r) => setTimeout(r, 500));
    row = await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } });
    if (performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      console.error(
        `[send] ${row.sent_count}/${row.recipient_count} rss ${memoryMb(senderPid, "VmRSS").toFixed(0)} MB`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = memoryMb(senderPid, "VmHWM");
  fake.send({ type: "stats" });
  const [stats] = (await once(fake, "message")) as [{ delivered: number; duplicates: number; refused: number }];
  console.log(
    JSON.stringify(
      {
        subscribers: SUBSCRIBERS,
        status: row.status,
        sent_count: row.sent_count,
        delivered: stats.delivered,
        duplicates: stats.duplicates,
        answers_429: stats.refused,
        seconds: Number(seconds.toFixed(1)),
        server_node_options: process.env.SERVER_NODE_OPTIONS ?? "(the launcher's own)",
        newsletter_send_process: process.env.NEWSLETTER_SEND_PROCESS ?? "own (the launcher's default)",
        sending_process: cmdline(senderPid).slice(0, 160),
        rss_before_send_mb: Number(before.toFixed(1)),
        peak_rss_mb: Number(peak.toFixed(1)),
        ...(ownPid
          ? {
              site_server_rss_before_send_mb: Number(serverBefore.toFixed(1)),
              site_server_peak_rss_during_send_mb: Number(memoryMb(serverPid, "VmHWM").toFixed(1)),
            }
          : {}),
        goal: { peak_rss_mb: 300 },
      },
      null,
      2,
    ),
  );
  await db.$disconnect();
  if (stats.delivered !== SUBSCRIBERS || stats.duplicates > 0) process.exitCode = 1;
} finally {
  await site?.stop();
  fake.send({ type: "stop" });
  await postgres?.stop();
}
