import fs from "node:fs";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { buildArticle } from "../support/builders.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { CrashableServer } from "./crash-server.ts";
import { e2eDatabase } from "./db.ts";

/**
 * The server's page fast path (scripts/page-fast-path.ts) against Next.js itself, on the production build through
 * the real launcher: instance A with it (the default) and B without (PAGE_FAST_PATH=off), on one database and one
 * Redis, so that both answer from the same stored entries. A stored page answered by A's fast path has B's
 * status, headers and body bytes (gzip and identity, GET and HEAD); everything else reaches Next on A; a write
 * on either instance, or on A alone with the in-process store, is seen by A's very next answer.
 */
const SITE = "https://riesgos-ia.example";
const ADMIN = { ADMIN_EMAIL: "fast-admin@riesgos-ia.test", ADMIN_PASSWORD: "fast-admin-password" };
const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
const SLUG = articles[0]!.slug;
const PAGES = ["/", "/noticias", "/en/noticias", `/noticias/${SLUG}`, `/en/noticias/${SLUG}`];
/** The one answer's own headers, and the framing (Next streams gzip in chunks; the kept bytes go in one). */
const PER_ANSWER = [
  "date",
  "x-request-id",
  "server-timing",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
];
const run = Date.now().toString(36);

let databaseUrl: string;
let redis: RedisServer;
let fast: CrashableServer;
let plain: CrashableServer;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function request(
  server: CrashableServer,
  path: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${path}`,
      { method: opts.method ?? "GET", headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}
const direct = (a: Answer) => a.headers["server-timing"] === 'page;desc="direct"';
const text = (a: Answer) => (a.headers["content-encoding"] === "gzip" ? gunzipSync(a.body) : a.body).toString("utf8");
const pageHeaders = (a: Answer) =>
  Object.fromEntries(Object.entries(a.headers).filter(([k]) => !PER_ANSWER.includes(k)));

/** A's answer from its fast path (Next answers the first requests: a miss that stores, a hit that is kept). */
async function fromFastPath(path: string, opts: Parameters<typeof request>[2] = {}): Promise<Answer> {
  for (let i = 0; i < 20; i++) {
    const answer = await request(fast, path, opts);
    if (direct(answer)) return answer;
  }
  throw new Error(`${opts.method ?? "GET"} ${path} was never answered by the fast path`);
}

let cookie = "";
async function editTitle(server: CrashableServer, title: string) {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${server.baseUrl}/api/articles/${SLUG}`, {
    method: "PATCH",
    headers: { cookie, origin: server.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ title_es: title, typo_fix: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  databaseUrl = await freshDatabase(inject("databaseUrl"), "fast_path");
  await migrate(databaseUrl);
  redis = await startRedisServer();
  const shared = { DATABASE_URL: databaseUrl, SITE_URL: SITE, REDIS_URL: redis.url, ...ADMIN };
  fast = await CrashableServer.create("page-fast-path", { ...shared, DATA_DIR: "test-results/page-fast-path-data" });
  plain = await CrashableServer.create("page-fast-path-off", {
    ...shared,
    DATA_DIR: "test-results/page-fast-path-off-data",
    PAGE_FAST_PATH: "off",
  });
  // One after the other: each start seeds the database when it finds it empty.
  await fast.start();
  await plain.start();
}, 420_000);
afterAll(async () => {
  await fast?.stop();
  await plain?.stop();
  await redis?.stop();
  for (const server of [fast, plain]) if (server) fs.rmSync(server.distDir, { recursive: true, force: true });
});

describe("a stored page from the fast path is the answer Next gives", () => {
  const variants: [string, { method?: string; headers?: Record<string, string> }][] = [
    ["GET gzip", { headers: { "accept-encoding": "gzip" } }],
    ["GET identity", {}],
    ["HEAD gzip", { method: "HEAD", headers: { "accept-encoding": "gzip" } }],
  ];
  for (const path of PAGES) {
    it(`${path}: status, headers and bytes`, async () => {
      for (const [label, opts] of variants) {
        // B reads the entry A stored; a write by a job in between would give B a new render: then again.
        for (let attempt = 1; ; attempt++) {
          const mine = await fromFastPath(path, opts);
          const next = await request(plain, path, opts);
          if (next.headers["x-nextjs-cache"] !== "HIT" && attempt < 3) continue;
          expect(next.headers["x-nextjs-cache"], `${label} ${path}: Next's answer`).toBe("HIT");
          expect(mine.status, `${label} ${path}`).toBe(next.status);
          expect(pageHeaders(mine), `${label} ${path}`).toEqual(pageHeaders(next));
          expect(mine.body.equals(next.body), `${label} ${path}: the same bytes`).toBe(true);
          if (mine.headers["content-length"] !== undefined && opts.method !== "HEAD")
            expect(Number(mine.headers["content-length"])).toBe(mine.body.length);
          break;
        }
      }
      const page = await fromFastPath(path, { headers: { "accept-encoding": "gzip" } });
      expect(page.headers["content-encoding"]).toBe("gzip");
      expect(page.headers["content-security-policy"]).toMatch(/script-src[^;]*'sha256-/);
      expect(page.headers.link).toContain('hreflang="x-default"');
      expect(text(page)).toContain("</html>");
    }, 120_000);
  }
});

describe("everything else reaches Next", () => {
  it("404s, former slugs, RSC, queries, conditional requests and answer-changing cookies", async () => {
    const db = e2eDatabase(databaseUrl);
    const moved = await buildArticle(db, { status: "published", slug: `rapido-${run}`, title_en: "Fast" });
    await db.articleSlugRedirect.create({ data: { old_slug: `Rapido_${run}`, article_id: moved.id } });
    await db.$disconnect();
    const article = `/noticias/${SLUG}`;
    await fromFastPath(article);
    await fromFastPath("/");
    const etag = (await request(plain, article)).headers.etag;
    type Case = [string, string, Record<string, string>, (a: Answer) => void];
    const conditional: Case[] = etag
      ? [["a conditional request", article, { "if-none-match": etag }, (a) => expect(a.status).toBe(304)]]
      : [];
    const cases: Case[] = [
      ["an unknown slug", `/noticias/no-existe-${run}`, {}, (a) => expect(a.status).toBe(404)],
      ["a former slug", `/noticias/Rapido_${run}`, {}, (a) => expect(a.headers.location).toContain(moved.slug)],
      [
        "an RSC request",
        article,
        { rsc: "1" },
        (a) => expect(a.headers["content-type"] ?? "").not.toContain("text/html"),
      ],
      [
        "a prefetch",
        article,
        { rsc: "1", "next-router-prefetch": "1" },
        (a) => expect(a.headers["content-type"] ?? "").not.toContain("text/html"),
      ],
      ["a query", `${article}?utm=1`, {}, (a) => expect(a.status).toBe(200)],
      [
        "a session cookie",
        article,
        { cookie: "next-auth.session-token=x" },
        (a) => expect(a.headers["cache-control"]).toBe("private, no-store"),
      ],
      [
        "the remembered language",
        "/",
        { cookie: "NEXT_LOCALE=en" },
        (a) => expect(a.headers.location).toMatch(/\/en$/),
      ],
      [
        "a fediverse server",
        article,
        { accept: "application/activity+json" },
        (a) => expect(a.status).toBeLessThan(500),
      ],
      ...conditional,
    ];
    for (const [label, path, headers, check] of cases) {
      for (let i = 0; i < 2; i++) {
        const mine = await request(fast, path, { headers });
        expect(direct(mine), `${label}: ${path}`).toBe(false);
        const next = await request(plain, path, { headers });
        expect(mine.status, label).toBe(next.status);
        expect(mine.headers["content-type"], label).toBe(next.headers["content-type"]);
        check(mine);
      }
    }
  }, 120_000);
});

describe("a write is seen at once", () => {
  /** A's page kept by its fast path, a new title written through `writer`: A's very next answer has it. */
  async function expectSeenAtOnce(writer: CrashableServer, title: string) {
    const page = `/noticias/${SLUG}`;
    await fromFastPath(page);
    await editTitle(writer, title);
    expect(text(await request(fast, page)).includes(title), "A's first answer after the write").toBe(true);
    expect(text(await fromFastPath(page)).includes(title), "kept again, new").toBe(true);
  }

  it("on the other instance (Redis): A's next answer after B's write shows it", async () => {
    await expectSeenAtOnce(plain, `Editado en B ${run}`);
  }, 120_000);

  it("on the same instance with the in-process store", async () => {
    await plain.stop();
    await fast.stop();
    await fast.start({ REDIS_URL: "" });
    await expectSeenAtOnce(fast, `Editado en A ${run}`);
  }, 300_000);
});
