import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { buildArticle } from "../support/builders.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { type Cluster, startCluster } from "./cluster.ts";
import { ClusterProbe } from "./cluster-probe.ts";
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
/** Job-driven writes repeated back to back: a lost expiry showed in about 1 of 20. */
const REPEATS = 50;
const run = Date.now().toString(36);
let cluster: Cluster;
let openAi: FakeOpenAi;
let db: DbClient;
let cookie = "";
let probe: ClusterProbe;

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
  probe = new ClusterProbe(cluster, cookie);
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
    await probe.warm(`/noticias/${slug}`);
    await admin(cluster.instances[0] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Después ${run}`,
      typo_fix: true,
    });
    await probe.everywhereWithin(`/noticias/${slug}`, (r) => r.body.includes(`Después ${run}`), Date.now());

    const draft = `scale-publish-${run}`;
    await insertArticle(draft, `Borrador ${run}`, "draft");
    await probe.warm(`/noticias/${draft}`);
    await probe.warm("/noticias");
    await admin(cluster.instances[1] as string, "PUT", `/articles/${draft}`, { status: "published" });
    let since = Date.now();
    await probe.everywhereWithin(`/noticias/${draft}`, (r) => r.status === 200, since);
    await probe.everywhereWithin("/noticias", (r) => r.body.includes(draft), since);

    await admin(cluster.instances[0] as string, "DELETE", `/articles/${draft}`);
    since = Date.now();
    await probe.everywhereWithin(`/noticias/${draft}`, (r) => r.status === 404, since);
    await probe.everywhereWithin("/noticias", (r) => !r.body.includes(draft), since);
  });

  it(`${REPEATS} scheduled publishes by the job engine, back to back, each show on all within a second (or three renders)`, async () => {
    // The per-minute schedule only sends this job; sending it here runs the same job REPEATS times in minutes.
    const boss = await jobTrigger(cluster.databaseUrl);
    const traffic = probe.backgroundTraffic();
    try {
      for (let i = 0; i < REPEATS; i++) {
        const slug = `scale-sched-${i}-${run}`;
        await probe.warm("/noticias");
        await insertArticle(slug, `Programado ${i} ${run}`, "draft", {
          review_required: false,
          publish_at: new Date(),
        });
        await boss.send("articles/publish-due");
        const published = await probe.changedInDatabase(slug, "status", (v) => v === "published", 30_000);
        await probe.everywhereWithin("/noticias", (r) => r.body.includes(slug), published);
      }
    } finally {
      await traffic.stop();
      await boss.stop();
    }
    await probe.everywhereWithin("/", (r) => r.body.includes(`Programado ${REPEATS - 1} ${run}`), Date.now());
  }, 400_000);

  it(`${REPEATS} image regenerations back to back: each new image shows on all within a second (or three renders), the old one stays served`, async () => {
    const slug = `scale-image-${run}`;
    await insertArticle(slug, `Imagen ${run}`, "published");
    const page = `/noticias/${slug}`;
    const traffic = probe.backgroundTraffic();
    let previous: string | null = null;
    try {
      for (let i = 0; i < REPEATS; i++) {
        await probe.warm(page);
        const base = cluster.instances[i % cluster.instances.length] as string;
        await admin(base, "PUT", `/articles/${slug}/regenerate-image`);
        const at = await probe.changedInDatabase(slug, "image_url", (v) => v !== null && v !== previous, 30_000);
        const [{ image_url: image } = { image_url: null }] = await probe.sql<{ image_url: string | null }>(
          "SELECT image_url FROM articles WHERE slug = $1",
          [slug],
        );
        expect(image).toMatch(/^\/api\/media\//);
        await probe.everywhereWithin(page, (r) => r.body.includes(image as string), at);
        // A page cached past its expiry (nginx, a late expiry) still shows the replaced image: it stays served.
        for (const url of [image, previous])
          if (url) await probe.expectImage(cluster.instances[(i + 1) % 2] as string, url);
        previous = image;
      }
    } finally {
      await traffic.stop();
    }
    for (const base of [cluster.balancer, cluster.balancer]) await probe.expectImage(base, previous as string);
  }, 400_000);

  it("a Redis stop costs no error and no stale page, and caching resumes when it is back", async () => {
    const slug = `scale-redis-${run}`;
    await insertArticle(slug, `Uno ${run}`, "published");
    await probe.warm(`/noticias/${slug}`);
    expect(probe.cachedEntries(), "entries in the shared cache").toBeGreaterThan(0);
    await cluster.redis.stop();
    await admin(cluster.instances[0] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Dos ${run}`,
      typo_fix: true,
    });
    await probe.everywhereWithin(
      `/noticias/${slug}`,
      (r) => r.status === 200 && r.body.includes(`Dos ${run}`),
      Date.now(),
    );
    for (const path of ["/", "/noticias", "/en"]) for (const s of probe.surfaces(path)) await probe.read(s);

    await cluster.redis.start();
    // Back within its reconnect delay (≤ 1 s); meanwhile pages still come from the database.
    await new Promise((r) => setTimeout(r, 1500));
    await probe.warm(`/noticias/${slug}`);
    await admin(cluster.instances[1] as string, "PATCH", `/articles/${slug}`, {
      title_es: `Tres ${run}`,
      typo_fix: true,
    });
    await probe.everywhereWithin(`/noticias/${slug}`, (r) => r.body.includes(`Tres ${run}`), Date.now());
  });
});
