/**
 * npm run bench:link-check — the link check's full run (the job's handler, every published article) over
 * ARTICLES published articles (default 2,000) with 5 sources each, served on loopback: first every source is
 * read once (the articles' first copies), then 5 % of the sources change their text (3 in 5 of them the figure
 * the article ties to them, the others a sentence no claim rests on) and 2 % answer 404, and the timed run
 * starts. Prints the run's time, the conditional hits (304), the articles flagged against those expected, and
 * the process's peak memory (the fixture server runs in the same process: it counts too).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { kernelMemory, resetKernelPeak } from "./lib/process-memory.ts";

const ARTICLES = Number(process.env.ARTICLES ?? 2000);
const SOURCES = 5;
const TOTAL = ARTICLES * SOURCES;

/** A seeded shuffle: the same sources change on every run. */
function shuffled(n: number, seed = 42) {
  const out = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const order = shuffled(TOTAL);
const changedCount = Math.round(TOTAL * 0.05);
const figureChanged = new Set(order.slice(0, Math.round(changedCount * 0.6)));
const textChanged = new Set(order.slice(figureChanged.size, changedCount));
const dead = new Set(order.slice(changedCount, changedCount + Math.round(TOTAL * 0.02)));
let revised = false;

/** Source k's figure: a count over a thousand, written 10,005 in English and 10.005 in Spanish. */
const figureOf = (k: number) => 10_000 + k;
const en = (n: number) => n.toLocaleString("en-GB");
const es = (n: number) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")}`;

function pageOf(k: number): string {
  const figure = revised && figureChanged.has(k) ? figureOf(k) + 1 : figureOf(k);
  const paragraphs = [
    "The agency has opened a public consultation on the guidelines for high-risk AI systems under the AI Act.",
    `The agency received ${en(figure)} contributions to this consultation from companies and citizens.`,
    "The consultation covers the classification rules and the obligations of providers and deployers.",
    ...(revised && textChanged.has(k)
      ? ["The agency will publish a summary of the replies later this year, together with revised guidelines."]
      : []),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Consultation</title></head>
<body><main><article><h1>Consultation on high-risk AI</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</article></main></body></html>`;
}

let notModified = 0;
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/robots.txt") return res.end("User-agent: *\nAllow: /\n");
  const k = Number(/^\/source\/(\d+)$/.exec(url.pathname)?.[1] ?? Number.NaN);
  if (!Number.isInteger(k) || k >= TOTAL || (revised && dead.has(k))) {
    res.writeHead(404, { "content-type": "text/html" });
    return res.end("<html><body><h1>Not found</h1></body></html>");
  }
  const html = pageOf(k);
  const etag = `"${createHash("sha256").update(html).digest("hex").slice(0, 16)}"`;
  if (req.headers["if-none-match"] === etag) {
    notModified++;
    res.writeHead(304, { etag });
    return res.end();
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", etag });
  res.end(html);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
const sourceUrl = (k: number) => `http://${host}/source/${k}`;

const { server: pg, createDb } = await startTestPostgres();
try {
  const databaseUrl = await createMigratedDatabase(createDb, "bench_linkcheck");
  // Before any app import: src/platform/env/env.js reads the environment once.
  Object.assign(process.env, { DATABASE_URL: databaseUrl, SOURCE_ALLOWLIST: "", SOURCE_FETCH_EXTRA_HOSTS: host });
  const { db } = await import("~/platform/db/db.ts");
  const { linkCheckJob } = await import("~/server/job-list.ts");
  const { revisionReports } = await import("~/features/publications/index.ts");
  const { checkArticleSources } = await import("~/features/grounding/link-check.ts");

  const now = Date.now();
  const rows = Array.from({ length: ARTICLES }, (_, i) => ({
    slug: `bench-link-check-${i}`,
    title_es: `Consulta ${i}`,
    summary_es: "La agencia abre consultas.",
    body_es: Array.from(
      { length: SOURCES },
      (_, j) => `La agencia recibió ${es(figureOf(i * SOURCES + j))} contribuciones a esta consulta [${j + 1}].`,
    ).join(" "),
    sources: Array.from({ length: SOURCES }, (_, j) => ({ name: `Agencia ${j + 1}`, url: sourceUrl(i * SOURCES + j) })),
    status: "published" as const,
    date: new Date(now - i * 3_600_000),
    published_at: new Date(now - i * 3_600_000),
  }));
  await db.article.createMany({ data: rows });
  const ids = (await db.article.findMany({ where: { status: "published" }, select: { id: true } })).map((r) => r.id);

  // The articles' first copies: each source read once (not timed: in production the agent run stored them).
  const firstStarted = performance.now();
  for (let i = 0; i < ids.length; i += 25) await checkArticleSources(db, revisionReports, ids.slice(i, i + 25));
  const firstMs = performance.now() - firstStarted;

  revised = true;
  notModified = 0;
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const kernelReset = resetKernelPeak("self");
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const started = performance.now();
  const result = await linkCheckJob.handler(
    { all: true },
    {
      step: {
        run: (_id, fn) => fn(),
        // The link check fans nothing out; a call here would be a change the bench must notice.
        sendEvent: () => Promise.reject(new Error("the link check sends no events")),
      },
      attempt: 0,
      runId: "bench",
      log: () => {},
    },
  );
  const runMs = performance.now() - started;
  clearInterval(sampler);
  const kernelPeak = kernelReset ? kernelMemory("self", "VmHWM") : null;

  // Judged against the fixtures: every figure changed is flagged, nothing else is.
  const flagged = await db.changedSource.findMany({ select: { url: true, claims: true, article_id: true } });
  const flaggedUrls = new Set(flagged.map((f) => f.url));
  const expectedUrls = new Set([...figureChanged].map(sourceUrl));
  const missed = [...expectedUrls].filter((u) => !flaggedUrls.has(u)).length;
  const wrong = [...flaggedUrls].filter((u) => !expectedUrls.has(u)).length;
  const expectedArticles = new Set([...figureChanged].map((k) => Math.floor(k / SOURCES))).size;
  const deadListed = await db.sourceSnapshot.count({ where: { check_state: "dead" } });
  const mails = await db.emailMessage.count({ where: { tag: "changed-sources" } });
  const mb = (b: number | null) => (b === null ? "n/a" : `${(b / 1024 / 1024).toFixed(1)} MB`);

  console.log(
    `\nnpm run bench:link-check — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.table({
    articles: { value: ARTICLES },
    sources: { value: TOTAL },
    "first copies (s, not the goal)": { value: (firstMs / 1000).toFixed(1) },
    "full run (s)": { value: (runMs / 1000).toFixed(1) },
    "conditional hits (304)": { value: `${notModified} of ${TOTAL - changedCount - dead.size} unchanged live sources` },
    "sources changed (figure / other text)": { value: `${figureChanged.size} / ${textChanged.size}` },
    "changed copies stored": { value: result.changed },
    "articles flagged": { value: `${result.flagged} (expected ${expectedArticles})` },
    "changed claims flagged": {
      value: `${flagged.reduce((n, f) => n + (f.claims as unknown[]).length, 0)} (expected ${figureChanged.size})`,
    },
    "missed / wrongly flagged sources": { value: `${missed} / ${wrong}` },
    "dead sources listed": { value: `${deadListed} (expected ${dead.size})` },
    "e-mails to the editors": { value: mails },
    "peak RSS (sampled)": { value: mb(peak) },
    "peak RSS (kernel VmHWM)": { value: mb(kernelPeak) },
    "RSS before the run": { value: mb(baseline) },
    "growth during the run": { value: mb((kernelPeak ?? peak) - baseline) },
  });
  const ok = runMs <= 600_000 && (kernelPeak ?? peak) <= 300 * 1024 * 1024 && missed === 0 && wrong === 0;
  console.log(ok ? "goal met" : "goal NOT met");
  await db.$disconnect();
} finally {
  server.close();
  await pg?.stop();
}
process.exit(0);
