import { describe, expect, it } from "vitest";
import { buildUser } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * First-party analytics on a database of its own (the tests count every hit): what the beacon's endpoint
 * keeps and drops, the daily salt (ids never join across days), the rollups and the 48-hour retention.
 */
const database = await createPrivateDatabase("analytics");
const { db } = await import("~/platform/db/db.ts");
const hitRoute = await import("~/app/api/analytics/hit/route.ts");
const { recordHit } = await import("~/features/analytics/ingest.ts");
const { flushHits } = await import("~/features/analytics/hit-buffer.ts");
const { maintainAnalytics } = await import("~/features/analytics/rollup.ts");
const { forgetCachedSalt } = await import("~/features/analytics/visitor.ts");
const { dailyReaders } = await import("~/features/analytics/readers.ts");
const { createSession } = await import("~/platform/auth/sessions.ts");

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

function beacon(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/analytics/hit", {
    method: "POST",
    headers: { host: "localhost", "user-agent": CHROME, "x-forwarded-for": "203.0.113.1", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const post = (body: unknown, headers?: Record<string, string>) => hitRoute.POST(beacon(body, headers));
const hitCount = async () =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM analytics_hits`)[0]!.n);

describe("the beacon's endpoint", () => {
  it("answers 204 and stores a reader's view with its page, language, referrer domain, UTM and device, nothing else", async () => {
    await expectAppOn(db, database.name);
    const res = await post(
      {
        p: "/en/noticias/ley-ia?utm_source=boletin&utm_campaign=semana-48&x=1",
        r: "https://www.Google.com/search?q=secreto",
      },
      { "user-agent": IPHONE },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toBeNull();
    await flushHits();
    const rows = await db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM analytics_hits`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: "/en/noticias/ley-ia",
      kind: "article",
      slug: "ley-ia",
      lang: "en",
      referrer: "google.com",
      utm_source: "boletin",
      utm_campaign: "semana-48",
      device: "mobile",
    });
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        "at",
        "device",
        "id",
        "kind",
        "lang",
        "path",
        "referrer",
        "slug",
        "utm_campaign",
        "utm_source",
        "visitor",
      ].sort(),
    );
    const stored = JSON.stringify(rows[0], (_k, v) => (typeof v === "bigint" ? String(v) : v));
    for (const secret of ["203.0.113.1", "iPhone", "secreto", "x=1"]) expect(stored).not.toContain(secret);
  });

  it("drops bots, scripts, prefetches, the admin and the admin's pages, but counts a signed-in reader", async () => {
    const before = await hitCount();
    const dropped: Record<string, string>[] = [
      { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      { "user-agent": "curl/8.5.0" },
      { "user-agent": "" },
      { "user-agent": `${CHROME.replace("Chrome", "HeadlessChrome")}` },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "prefetch" },
    ];
    for (const headers of dropped) expect((await post({ p: "/noticias/x" }, headers)).status).toBe(204);
    expect((await post({ p: "/admin/publicaciones" })).status).toBe(204);
    expect((await post({ p: "/en/login" })).status).toBe(204);
    const admin = await buildUser(db, { role: "admin" });
    const adminCookie = `next-auth.session-token=${await createSession(db, admin.id)}`;
    expect((await post({ p: "/noticias/x" }, { cookie: adminCookie, origin: "http://localhost" })).status).toBe(204);
    await flushHits();
    expect(await hitCount()).toBe(before);
    const reader = await buildUser(db);
    const readerCookie = `next-auth.session-token=${await createSession(db, reader.id)}`;
    await post({ p: "/noticias/x" }, { cookie: readerCookie, "x-forwarded-for": "203.0.113.50" });
    await flushHits();
    expect(await hitCount()).toBe(before + 1);
  });

  it("refuses a malformed report with 400 and the field, storing nothing", async () => {
    const before = await hitCount();
    for (const body of ["no json", "{}", JSON.stringify({ p: "https://evil.example/" }), "x".repeat(5000)]) {
      const res = await post(body);
      expect(res.status, body.slice(0, 20)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("BAD_REQUEST");
    }
    const res = await post({ p: "noticias" });
    expect(((await res.json()) as { field?: string }).field).toBe("p");
    await flushHits();
    expect(await hitCount()).toBe(before);
  });
});

describe("the daily salt", () => {
  it("gives one client one id per day, another id the next day, and keeps only today's salt", async () => {
    await db.$executeRaw`DELETE FROM analytics_hits`;
    await db.$executeRaw`DELETE FROM analytics_salts`; // the earlier tests ran on today's clock
    const day1 = new Date("2026-11-20T10:00:00Z");
    const day2 = new Date("2026-11-21T10:00:00Z");
    const req = () => beacon({ p: "/noticias/salt" }, { "x-forwarded-for": "198.51.100.9" });
    forgetCachedSalt();
    await recordHit(db, req(), { p: "/noticias/salt" }, day1);
    await recordHit(db, req(), { p: "/entrevistas/otra" }, new Date(day1.getTime() + 3_600_000));
    const salt1 = await db.$queryRaw<{ day: Date; salt: Uint8Array }[]>`SELECT day, salt FROM analytics_salts`;
    expect(salt1.map((s) => s.day.toISOString().slice(0, 10))).toEqual(["2026-11-20"]);
    await recordHit(db, req(), { p: "/noticias/salt" }, day2);
    await flushHits();
    const salts = await db.$queryRaw<{ day: Date; salt: Uint8Array }[]>`SELECT day, salt FROM analytics_salts`;
    expect(salts.map((s) => s.day.toISOString().slice(0, 10))).toEqual(["2026-11-21"]);
    expect(Buffer.from(salts[0]!.salt).equals(Buffer.from(salt1[0]!.salt))).toBe(false);
    const ids = await db.$queryRaw<{ day: string; ids: bigint }[]>`
      SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(DISTINCT visitor) AS ids
      FROM analytics_hits GROUP BY 1 ORDER BY 1`;
    expect(ids.map((r) => [r.day, Number(r.ids)])).toEqual([
      ["2026-11-20", 1],
      ["2026-11-21", 1],
    ]);
    const joined = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM analytics_hits a JOIN analytics_hits b ON a.visitor = b.visitor
      WHERE a.at < '2026-11-21' AND b.at >= '2026-11-21'`;
    expect(Number(joined[0]!.n)).toBe(0);
    forgetCachedSalt();
  });
});

describe("rollups and retention", () => {
  it("rolls hits up per hour and day by page, piece, referrer and language, with unique visitors per day", async () => {
    await db.$executeRaw`DELETE FROM analytics_hits`;
    const now = new Date("2026-11-26T12:30:00Z");
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const view = (ip: string, p: string, minutes: number, r?: string) =>
      recordHit(db, beacon({ p, r }, { "x-forwarded-for": ip }), { p, r }, at(minutes));
    forgetCachedSalt();
    for (let i = 0; i < 1000; i++) await view("192.0.2.1", "/noticias/a", 10); // one eager client
    await view("192.0.2.2", "/noticias/a", 70, "https://news.ycombinator.com/item?id=1");
    await view("192.0.2.3", "/en/noticias/a", 20);
    await view("192.0.2.3", "/en/entrevistas/b", 15);
    await flushHits();
    const result = await maintainAnalytics(db, now);
    expect(result.daysRolledUp).toBe(1);
    const daily = await db.$queryRaw<{ dimension: string; value: string; views: number; visitors: number }[]>`
      SELECT dimension, value, views, visitors FROM analytics_daily WHERE day = '2026-11-26' ORDER BY 1, 2`;
    const of = (dimension: string, value: string) => daily.find((d) => d.dimension === dimension && d.value === value);
    expect(of("total", "")).toMatchObject({ views: 1003, visitors: 3 });
    expect(of("piece", "article:a")).toMatchObject({ views: 1002, visitors: 3 });
    expect(of("piece", "interview:b")).toMatchObject({ views: 1, visitors: 1 });
    expect(of("page", "/en/noticias/a")).toMatchObject({ views: 1, visitors: 1 });
    expect(of("referrer", "news.ycombinator.com")).toMatchObject({ views: 1, visitors: 1 });
    expect(of("referrer", "")).toMatchObject({ views: 1002, visitors: 2 });
    expect(of("lang", "en")).toMatchObject({ views: 2, visitors: 1 });
    expect(of("lang", "es")).toMatchObject({ views: 1001, visitors: 2 });
    const hourly = await db.$queryRaw<{ hour: Date; views: number }[]>`
      SELECT hour, views FROM analytics_hourly WHERE dimension = 'total' ORDER BY hour`;
    expect(hourly.map((h) => [h.hour.toISOString(), h.views])).toEqual([
      ["2026-11-26T11:00:00.000Z", 1],
      ["2026-11-26T12:00:00.000Z", 1002],
    ]);
    const readers = await dailyReaders(db, new Date("2026-11-20T00:00:00Z"), now);
    expect(readers.get("article:a")).toBe(3);
    // Idempotent: a second run gives the same rows.
    await maintainAnalytics(db, now);
    expect((await db.analyticsDaily.findMany({ where: { dimension: "total" } })).map((d) => d.views)).toEqual([1003]);
  });

  it("deletes raw hits after 48 hours and keeps the rollups", async () => {
    const later = new Date("2026-11-28T12:31:00Z");
    const result = await maintainAnalytics(db, later);
    expect(result.rawDeleted).toBe(1003);
    expect(await hitCount()).toBe(0);
    expect(result.saltsDeleted).toBe(1);
    expect(await db.analyticsSalt.count()).toBe(0);
    const kept = await db.analyticsDaily.findMany({ where: { dimension: "total", day: new Date("2026-11-26") } });
    expect(kept.map((d) => [d.views, d.visitors])).toEqual([[1003, 3]]);
  });
});

describe("the admin's figures", () => {
  it("reads a period from the rollups, with the previous period, and the last 30 minutes from the raw hits", async () => {
    const { statsOverview, statsRealtime } = await import("~/features/analytics/stats.ts");
    const day = await statsOverview(db, "7d", new Date("2026-11-26T18:00:00Z"));
    expect(day.series).toHaveLength(7);
    expect(day.series.at(-1)).toMatchObject({ views: 1003, visitors: 3 });
    expect(day.totals).toEqual({ views: 1003, visitors: 3 });
    expect(day.previous).toEqual({ views: 0, visitors: 0 });
    expect(day.pieces[0]).toEqual({ value: "article:a", views: 1002, visitors: 3 });
    expect(day.referrers.map((r) => r.value)).toEqual(["", "news.ycombinator.com"]);
    expect(day.languages.map((r) => [r.value, r.visitors])).toEqual([
      ["es", 2],
      ["en", 1],
    ]);
    const next = await statsOverview(db, "7d", new Date("2026-12-04T18:00:00Z"));
    expect(next.totals.views).toBe(0);
    expect(next.previous).toEqual({ views: 1003, visitors: 3 });
    const now = new Date();
    await recordHit(db, beacon({ p: "/recursos" }, { "x-forwarded-for": "192.0.2.77" }), { p: "/recursos" }, now);
    await flushHits();
    const live = await statsRealtime(db, now);
    expect(live).toMatchObject({ views: 1, visitors: 1, pages: [{ value: "/recursos", views: 1, visitors: 1 }] });
    expect(live.minutes).toHaveLength(30);
  });

  it("answers admins only, over REST at /api/admin/stats/…, and 400 names a bad range", async () => {
    const { restAdmin } = await import("../support/rest-admin.ts");
    const { handleRest } = await import("~/server/rest/handler.ts");
    const anonymous = await handleRest(new Request("http://localhost/api/admin/stats/overview"));
    expect(anonymous.status).toBe(401);
    const admin = await restAdmin(`stats_${Date.now()}`);
    const ok = await admin.call("GET", "/admin/stats/overview?range=30d");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { series: unknown[] }).series).toHaveLength(30);
    const bad = await admin.call("GET", "/admin/stats/overview?range=1y");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field?: string }).field).toBe("range");
    expect((await admin.call("GET", "/admin/stats/realtime")).status).toBe(200);
  });
});
