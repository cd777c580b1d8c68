import { execFileSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { buildArticle } from "../support/builders.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { type Cluster, startCluster } from "./cluster.ts";
import { e2eDatabase } from "./db.ts";
import { jobTrigger } from "./job-trigger.ts";

/**
 * Two production instances on one PostgreSQL, one Redis (REDIS_URL: the shared data cache) and one
 * S3-compatible store (s3rver), behind nginx with the template's upstream over both. Every change made
 * through one instance shows on each instance directly and through the balancer (signed in, so nginx's own 60 s
 * page cache for anonymous readers is not what is measured) within a second, or within PROPAGATION_FACTOR times
 * the slowest page read this file measured when the machine is slower than that, and a Redis stop
 * costs neither an error nor a stale page. Job-driven writes (scheduled publishing, image regeneration) are
 * repeated back to back while other requests come in: each one must show everywhere, none may be lost.
 */
const ADMIN = { email: "scale-admin@riesgos-ia.test", password: "scale-admin-password" };
const WITHIN_MS = 1000;
/**
 * A change must show within this many times the slowest page read this file has measured (a render from the
 * database on this machine under its current load: another file's servers may run beside this one), and never
 * later than a second on a machine fast enough for that.
 */
const PROPAGATION_FACTOR = 3;
/**
 * A lost expiry leaves the old page until the data cache's revalidate time (CONTENT_TTL, 300 s): a budget must
 * stay well under it, or the check could no longer tell a lost expiry from a slow machine.
 */
const LOST_EXPIRY_MS = 300_000;
/** The slowest read so far: this file's own measure of a round trip on this machine. */
let slowestReadMs = 0;
/** Job-driven writes repeated back to back: a lost expiry showed in about 1 of 20. */
const REPEATS = 50;
const run = Date.now().toString(36);
let cluster: Cluster;
let openAi: FakeOpenAi;
let db: DbClient;
let cookie = "";

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A bilingual article dated tomorrow (the newest, first on every list); `schedule` makes an approved draft due. */
async function insertArticle(
  slug: string,
  title: string,
  status: "draft" | "published",
  schedule: Pick<Prisma.ArticleCreateInput, "review_required" | "publish_at"> = {},
) {
  await buildArticle(db, {
    slug,
    title_es: title,
    title_en: title,
    summary_es: "Resumen.",
    summary_en: "Summary.",
    body_es: "Cuerpo.",
    body_en: "Body.",
    date: new Date(Date.now() + 86_400_000),
    topics: ["regulacion"],
    tags: [],
    status,
    ...schedule,
  });
}

async function admin(base: string, method: "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.status, `${method} ${path}: ${res.status === 200 ? "" : await res.text()}`).toBe(200);
}

/** Every surface: each instance directly (anonymous) and the balancer (signed in: past nginx's page cache). */
function surfaces(path: string) {
  return [
    ...cluster.instances.map((base) => ({ label: base, url: `${base}${path}`, headers: {} })),
    { label: "nginx", url: `${cluster.balancer}${path}`, headers: { cookie } },
  ];
}

async function read(surface: { url: string; headers: Record<string, string> }) {
  const started = Date.now();
  const res = await fetch(surface.url, { headers: surface.headers });
  const body = await res.text();
  expect(res.status, `${surface.url} answered ${res.status}`).toBeLessThan(500);
  slowestReadMs = Math.max(slowestReadMs, Date.now() - started);
  return { status: res.status, body };
}

/** How long a change may take to show everywhere: a second, or PROPAGATION_FACTOR renders on a slower machine. */
function propagationBudgetMs(): number {
  const budget = Math.max(WITHIN_MS, PROPAGATION_FACTOR * slowestReadMs);
  expect(budget, `reads of ${slowestReadMs} ms: too slow to tell a lost expiry`).toBeLessThan(LOST_EXPIRY_MS / 3);
  return budget;
}

/**
 * Polls every surface until `holds`, each surface on its own and all at once (so that one surface's slow
 * render does not delay the reading of another); each must hold within the propagation budget of `since`. The
 * balancer must hold on two answers in a row (round robin: one from each instance).
 */
async function everywhereWithin(path: string, holds: (r: { status: number; body: string }) => boolean, since: number) {
  const budget = propagationBudgetMs();
  await Promise.all(
    surfaces(path).map(async (surface) => {
      const need = surface.label === "nginx" ? 2 : 1;
      for (let streak = 0; ; ) {
        streak = holds(await read(surface)) ? streak + 1 : 0;
        if (streak >= need) return;
        const late = Date.now() - since;
        if (late > budget) {
          throw new Error(`${path} not changed after ${late} ms on ${surface.label} (budget ${budget} ms)`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
}

/** How many data-cache entries Redis holds (the instances really share it). */
function cachedEntries(): number {
  const out = execFileSync("redis-cli", ["-p", String(cluster.redis.port), "--scan", "--pattern", "riesgos:cache:e:*"]);
  return out.toString().split("\n").filter(Boolean).length;
}

/** Loads a page on every surface (twice: each instance behind the balancer) so its data is cached. */
async function warm(path: string) {
  for (const s of surfaces(path)) for (let i = 0; i < 2; i++) await read(s);
}

/** Polls the database until `column` of the article satisfies `holds`; resolves with the time it was seen. */
async function changedInDatabase(
  slug: string,
  column: "status" | "image_url",
  holds: (v: string | null) => boolean,
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ v: string | null }>(`SELECT ${column}::text AS v FROM articles WHERE slug = $1`, [slug]);
    if (holds(row?.v ?? null)) return Date.now();
    if (Date.now() > deadline) throw new Error(`${slug}: ${column} did not change within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The image is served (from the S3 store), as a browser showing the page would fetch it. */
async function expectImage(base: string, url: string) {
  const res = await fetch(`${base}${url}`);
  expect(res.status, `${base}${url}`).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
  expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
}

/**
 * Requests on both instances while the jobs run that the proxy answers by itself (a path it refuses, the
 * root's redirect to the remembered language): each leaves Next's process-wide cache as the proxy's own,
 * which has no cache handler, as a busy site's traffic does between a job's write and its expiry.
 */
function backgroundTraffic() {
  let stopped = false;
  const paths = ["/noticias/%ZZ", "/"];
  const loops = cluster.instances.map(async (base) => {
    for (let i = 0; !stopped; i++) {
      const target = paths[i % paths.length] as string;
      await fetch(`${base}${target}`, { redirect: "manual", headers: { cookie: "NEXT_LOCALE=en" } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

beforeAll(async () => {
  openAi = await startFakeOpenAi();
  cluster = await startCluster({
    adminDatabaseUrl: inject("databaseUrl"),
    admin: ADMIN,
    extraEnv: { OPENAI_API_KEY: "scale-fake-openai-key", OPENAI_BASE_URL: openAi.url },
  });
  db = e2eDatabase(cluster.databaseUrl);
  const login = await fetch(`${cluster.instances[0]}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: cluster.instances[0] as string },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 600_000);

afterAll(async () => {
  await db?.$disconnect();
  await cluster?.close();
  await openAi?.close();
});

describe("several instances serve one truth", () => {
  it("a session created on one instance works on the other and through the balancer", async () => {
    for (const base of [...cluster.instances, cluster.balancer, cluster.balancer]) {
      const res = await fetch(`${base}/api/admin/audit`, { headers: { cookie } });
      expect(res.status, base).toBe(200);
    }
  });

  it("an edit, a publish and a delete made on one instance show on all within a second (or three renders)", async () => {
    const slug = `scale-edit-${run}`;
    await insertArticle(slug, `Antes ${run}`, "published");
    await warm(`/noticias/${slug}`);
    await admin(cluster.instances[0] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Después ${run}`,
      typo_fix: true,
    });
    await everywhereWithin(`/noticias/${slug}`, (r) => r.body.includes(`Después ${run}`), Date.now());

    const draft = `scale-publish-${run}`;
    await insertArticle(draft, `Borrador ${run}`, "draft");
    await warm(`/noticias/${draft}`);
    await warm("/noticias");
    await admin(cluster.instances[1] as string, "PUT", `/articles/${draft}`, { status: "published" });
    let since = Date.now();
    await everywhereWithin(`/noticias/${draft}`, (r) => r.status === 200, since);
    await everywhereWithin("/noticias", (r) => r.body.includes(draft), since);

    await admin(cluster.instances[0] as string, "DELETE", `/articles/${draft}`);
    since = Date.now();
    await everywhereWithin(`/noticias/${draft}`, (r) => r.status === 404, since);
    await everywhereWithin("/noticias", (r) => !r.body.includes(draft), since);
  });

  it(`${REPEATS} scheduled publishes by the job engine, back to back, each show on all within a second (or three renders)`, async () => {
    // The per-minute schedule only sends this job; sending it here runs the same job REPEATS times in minutes.
    const boss = await jobTrigger(cluster.databaseUrl);
    const traffic = backgroundTraffic();
    try {
      for (let i = 0; i < REPEATS; i++) {
        const slug = `scale-sched-${i}-${run}`;
        await warm("/noticias");
        await insertArticle(slug, `Programado ${i} ${run}`, "draft", {
          review_required: false,
          publish_at: new Date(),
        });
        await boss.send("articles/publish-due");
        const published = await changedInDatabase(slug, "status", (v) => v === "published", 30_000);
        await everywhereWithin("/noticias", (r) => r.body.includes(slug), published);
      }
    } finally {
      await traffic.stop();
      await boss.stop();
    }
    await everywhereWithin("/", (r) => r.body.includes(`Programado ${REPEATS - 1} ${run}`), Date.now());
  }, 400_000);

  it(`${REPEATS} image regenerations back to back: each new image shows on all within a second (or three renders), the old one stays served`, async () => {
    const slug = `scale-image-${run}`;
    await insertArticle(slug, `Imagen ${run}`, "published");
    const page = `/noticias/${slug}`;
    const traffic = backgroundTraffic();
    let previous: string | null = null;
    try {
      for (let i = 0; i < REPEATS; i++) {
        await warm(page);
        const base = cluster.instances[i % cluster.instances.length] as string;
        await admin(base, "PUT", `/articles/${slug}/regenerate-image`);
        const at = await changedInDatabase(slug, "image_url", (v) => v !== null && v !== previous, 30_000);
        const [{ image_url: image } = { image_url: null }] = await sql<{ image_url: string | null }>(
          "SELECT image_url FROM articles WHERE slug = $1",
          [slug],
        );
        expect(image).toMatch(/^\/api\/media\//);
        await everywhereWithin(page, (r) => r.body.includes(image as string), at);
        // A page cached past its expiry (nginx, a late expiry) still shows the replaced image: it stays served.
        for (const url of [image, previous]) if (url) await expectImage(cluster.instances[(i + 1) % 2] as string, url);
        previous = image;
      }
    } finally {
      await traffic.stop();
    }
    for (const base of [cluster.balancer, cluster.balancer]) await expectImage(base, previous as string);
  }, 400_000);

  it("a Redis stop costs no error and no stale page, and caching resumes when it is back", async () => {
    const slug = `scale-redis-${run}`;
    await insertArticle(slug, `Uno ${run}`, "published");
    await warm(`/noticias/${slug}`);
    expect(cachedEntries(), "entries in the shared cache").toBeGreaterThan(0);
    await cluster.redis.stop();
    await admin(cluster.instances[0] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Dos ${run}`,
      typo_fix: true,
    });
    await everywhereWithin(`/noticias/${slug}`, (r) => r.status === 200 && r.body.includes(`Dos ${run}`), Date.now());
    for (const path of ["/", "/noticias", "/en"]) for (const s of surfaces(path)) await read(s);

    await cluster.redis.start();
    // Back within its reconnect delay (≤ 1 s); meanwhile pages still come from the database.
    await new Promise((r) => setTimeout(r, 1500));
    await warm(`/noticias/${slug}`);
    await admin(cluster.instances[1] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Tres ${run}`,
      typo_fix: true,
    });
    await everywhereWithin(`/noticias/${slug}`, (r) => r.body.includes(`Tres ${run}`), Date.now());
  });
});
