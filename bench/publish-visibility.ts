import fs from "node:fs";
import pg from "pg";
import { SHARED_CACHE_MAX_AGE } from "~/platform/request-edge/cache-headers.js";
import { startBenchDatabase, startNginx, startSite, stop } from "./lib/servers.ts";

/**
 * Publish → visible (issue 8, "behind a cache"): a draft is approved through the admin API while the
 * documented nginx shared cache (bench/nginx.conf.template) holds the pages it will appear on. Prints how
 * long after the approval each surface shows it: the app directly (its data cache is expired at once), and
 * through nginx, which keeps a page for the app's `s-maxage` (SHARED_CACHE_MAX_AGE) and then refreshes it.
 * Usage: npm run bench:publish
 */
const PORTS = { site: 3350, static: 3351, cache: 3352 };
const PG_PORT = 54392;
const ADMIN = { email: "bench-admin@riesgos-ia.local", password: "bench-admin-password" };
const TIMEOUT_S = SHARED_CACHE_MAX_AGE * 3;
// The stated revalidation time: s-maxage, plus up to a second because nginx counts lifetimes in whole
// seconds and refreshes an expired page on the first request after expiry (that request still gets the
// stale copy; the refreshed one follows at once).
const STATED_S = SHARED_CACHE_MAX_AGE + 1;

async function main() {
  const pgServer = await startBenchDatabase("publish", PG_PORT);
  const databaseUrl = pgServer.url;
  const site = await startSite(PORTS.site, {
    name: "publish",
    env: { DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  fs.mkdirSync("bench/results/static", { recursive: true });
  const nginx = await startNginx({
    staticRoot: "bench/results/static",
    staticPort: PORTS.static,
    cachePort: PORTS.cache,
    upstreamPort: PORTS.site,
  });
  const app = `http://127.0.0.1:${PORTS.site}`;
  const cache = `http://127.0.0.1:${PORTS.cache}`;
  const run = Date.now().toString(36);
  const slug = `bench-publish-${run}`;
  const title = `Publicación medida ${run}`;
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Dated ahead so it is the newest article: first on home and /noticias once published.
    await client.query(
      `INSERT INTO articles (id, slug, title_es, title_en, summary_es, summary_en, body_es, body_en, date, topics, tags, status, updated_at)
       VALUES ($1, $2, $3, $3, 'Resumen.', 'Summary.', 'Cuerpo.', 'Body.', now() + interval '1 day', '{regulacion}', '{}', 'draft', now())`,
      [`bench-${run}`, slug, title],
    );
    await client.end();

    const surfaces = [
      { label: "article page, app directly", url: `${app}/noticias/${slug}`, visible: (s: number) => s === 200 },
      { label: "article page via nginx", url: `${cache}/noticias/${slug}`, visible: (s: number) => s === 200 },
      { label: "home via nginx", url: `${cache}/`, visible: (_: number, body: string) => body.includes(title) },
      {
        label: "/noticias via nginx",
        url: `${cache}/noticias`,
        visible: (_: number, body: string) => body.includes(title),
      },
    ];
    // Fill the cache with the pages as they are before the publish (the article is a cached 404).
    for (const s of surfaces) for (let i = 0; i < 2; i++) await fetch(s.url).then((r) => r.text());

    const login = await fetch(`${app}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const approve = await fetch(`${app}/api/articles/${slug}`, {
      method: "PUT",
      headers: { cookie, origin: app, "content-type": "application/json" },
      body: JSON.stringify({ status: "published" }),
    });
    if (approve.status !== 200) throw new Error(`approve answered ${approve.status}: ${await approve.text()}`);
    const publishedAt = Date.now();

    const seen = new Map<string, number>();
    while (seen.size < surfaces.length && Date.now() - publishedAt < TIMEOUT_S * 1000) {
      for (const s of surfaces) {
        if (seen.has(s.label)) continue;
        const res = await fetch(s.url);
        if (s.visible(res.status, await res.text())) seen.set(s.label, (Date.now() - publishedAt) / 1000);
      }
      await new Promise((r) => setTimeout(r, 250));
    }

    console.log(`\nPublish → visible (s-maxage=${SHARED_CACHE_MAX_AGE}), ${new Date().toISOString()}`);
    console.log("| surface | seconds after approval | goal |");
    console.log("|---|---:|---|");
    for (const s of surfaces) {
      const t = seen.get(s.label);
      const goal = s.url.startsWith(app) ? "at once" : `≤ ${STATED_S} s`;
      console.log(`| ${s.label} | ${t === undefined ? `not within ${TIMEOUT_S} s` : t.toFixed(1)} | ${goal} |`);
    }
    fs.writeFileSync(
      "bench/results/publish-visibility.json",
      JSON.stringify({ date: new Date().toISOString(), seconds: Object.fromEntries(seen) }, null, 2),
    );
    if (seen.size < surfaces.length || [...seen.values()].some((t) => t > STATED_S)) process.exitCode = 1;
  } finally {
    stop(nginx);
    stop(site);
    await new Promise((r) => setTimeout(r, 1000));
    await pgServer.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
