import { describe, expect, it } from "vitest";
import { buildArticles } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * The Top 5's "readers' interest" follows real readers (unique daily visitors of the past 7 days, plus
 * newsletter clicks counted once per reader), and one client's thousand requests weigh as one reader.
 * A database of its own: the ranking reads every published piece and every rollup.
 */
const database = await createPrivateDatabase("readers");
const { db } = await import("~/platform/db/db.ts");
const { generateWeeklyNewsletter } = await import("~/features/newsletter/compose/generate.ts");
const { recordHit } = await import("~/features/analytics/ingest.ts");
const { flushHits } = await import("~/features/analytics/hit-buffer.ts");
const { rollUpEverything } = await import("~/features/analytics/rollup.ts");
const { forgetCachedSalt } = await import("~/features/analytics/visitor.ts");
const clickRoute = await import("~/app/api/newsletter/click/[id]/[index]/route.ts");

const HOUR = 3_600_000;
const now = new Date();
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const headers = (ip: string) => ({ "user-agent": CHROME, "x-forwarded-for": ip, host: "localhost" });

// Same priority tier for all three; the newest first if nothing else decides.
const piece = (slug: string, hoursAgo: number, topic: string) => ({
  slug,
  title_es: `Pieza ${slug}`,
  summary_es: "Resumen.",
  body_es: "Cuerpo.",
  status: "published" as const,
  topics: [topic],
  date: new Date(now.getTime() - hoursAgo * HOUR),
});

async function read(slug: string, ip: string, times = 1) {
  const p = `/noticias/${slug}`;
  for (let i = 0; i < times; i++) {
    const req = new Request("http://localhost/api/analytics/hit", { method: "POST", headers: headers(ip) });
    await recordHit(db, req, { p }, new Date(now.getTime() - 2 * HOUR));
  }
}

async function ranking() {
  await flushHits();
  await rollUpEverything(db);
  const draft = await generateWeeklyNewsletter(db, now);
  await db.newsletter.delete({ where: { id: draft.id } });
  return (draft.items as { slug: string }[]).map((i) => i.slug);
}

describe("readers' interest in the Top 5", () => {
  it("orders the week's pieces by their real readers, not by recency alone", async () => {
    await expectAppOn(db, database.name);
    forgetCachedSalt();
    await buildArticles(db, [
      piece("nueva", 3, "derechos-digitales"),
      piece("media", 30, "privacidad"),
      piece("antigua", 60, "privacidad"),
    ]);
    expect(await ranking()).toEqual(["nueva", "media", "antigua"]);
    for (let r = 0; r < 8; r++) await read("antigua", `198.51.100.${r + 1}`);
    for (let r = 0; r < 3; r++) await read("media", `198.51.100.${r + 101}`);
    expect(await ranking()).toEqual(["antigua", "media", "nueva"]);
  });

  it("does not move for 1,000 page views and 1,000 newsletter clicks from one client", async () => {
    const before = await ranking();
    // A sent issue carrying an item of the least-read piece's topic.
    const sent = await db.newsletter.create({
      data: {
        subject_es: "Anterior",
        intro_es: "Intro",
        week_start: new Date(now.getTime() - 14 * 24 * HOUR),
        status: "sent",
        sent_at: new Date(now.getTime() - 7 * 24 * HOUR),
        items: [
          {
            kind: "article",
            slug: "otra",
            title_es: "Otra",
            title_en: null,
            summary_es: "Y",
            summary_en: null,
            sponsored: false,
            date: now.toISOString(),
            topics: ["derechos-digitales"],
          },
        ],
      },
    });
    await read("nueva", "203.0.113.66", 1000);
    for (let i = 0; i < 1000; i++) {
      const req = new Request(`http://localhost/api/newsletter/click/${sent.id}/0`, {
        headers: headers("203.0.113.66"),
      });
      await clickRoute.GET(req, { params: Promise.resolve({ id: sent.id, index: "0" }) });
    }
    expect(await ranking()).toEqual(before);
    const clicks = await db.newsletterClick.findMany({ where: { newsletter_id: sent.id } });
    expect(clicks.map((c) => c.clicks)).toEqual([1]);
    const views = await db.analyticsDaily.findMany({ where: { dimension: "piece", value: "article:nueva" } });
    expect(views.map((v) => [v.views, v.visitors])).toEqual([[1000, 1]]);
  }, 120_000); // 2,000 requests one after another: about 10 s on a quiet machine, 30 s and more under load
});
