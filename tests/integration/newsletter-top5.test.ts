import { describe, expect, it } from "vitest";
import { buildArticles } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * The weekly Top 5 on any content: a new site (only the bundled content, older than a week) gets a
 * newsletter of 5 recent pieces; a quiet week is filled with recent pieces no sent newsletter carried; with
 * nothing published at all, a clear 400. A database of its own: these count every published piece.
 */
const database = await createPrivateDatabase("top5");
const { db } = await import("~/platform/db/db.ts");
const { generateWeeklyNewsletter, NOTHING_PUBLISHED } = await import("~/features/newsletter/compose/generate.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");
const { loadSeed } = await import("../../seed/load.ts");
const { newsletterComposition } = await import("~/features/newsletter/schema.ts");

const DAY = 86_400_000;
const article = (slug: string, date: Date) => ({
  slug,
  title_es: `Pieza ${slug}`,
  summary_es: "Resumen.",
  body_es: "Cuerpo.",
  type: "noticia" as const,
  status: "published" as const,
  author: "redaccion",
  topics: ["regulacion"],
  date,
});

describe("weekly Top 5 on any content", () => {
  it("with nothing published at all: 400 with the reason, nothing created", async () => {
    await expectAppOn(db, database.name);
    await expect(generateWeeklyNewsletter(db)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: NOTHING_PUBLISHED,
    });
    const res = await callerAs(adminSession)
      .admin.newsletters.generate()
      .catch((e: { code?: string; message?: string }) => e);
    expect(res).toMatchObject({ code: "BAD_REQUEST", message: NOTHING_PUBLISHED });
    expect(await db.newsletter.count()).toBe(0);
  });

  it("on the bundled content alone (all older than a week) it fills the Top 5 with recent pieces", async () => {
    await loadSeed(db);
    const n = await callerAs(adminSession).admin.newsletters.generate();
    expect(n.items).toHaveLength(5);
    expect(newsletterComposition(n.items, n.week_start)).toEqual({ week: 0, recent: 5 });
  });

  it("a quiet week: its pieces first, then the newest earlier ones that no sent newsletter carried", async () => {
    const now = new Date("2003-03-07T07:00:00Z");
    await buildArticles(db, [
      article("semana-a", new Date(now.getTime() - 1 * DAY)),
      article("semana-b", new Date(now.getTime() - 2 * DAY)),
      article("semana-c", new Date(now.getTime() - 3 * DAY)),
      article("antes-ya-enviada", new Date(now.getTime() - 9 * DAY)),
      article("antes-1", new Date(now.getTime() - 10 * DAY)),
      article("antes-2", new Date(now.getTime() - 11 * DAY)),
      article("antes-3", new Date(now.getTime() - 12 * DAY)),
    ]);
    // An earlier newsletter carried one of them: it is not offered again.
    const sentBefore = await generateWeeklyNewsletter(db, new Date(now.getTime() - 8 * DAY));
    const firstItem = (sentBefore.items as { slug: string }[]).find((i) => i.slug === "antes-ya-enviada");
    await db.newsletter.update({ where: { id: sentBefore.id }, data: { status: "sent", items: [firstItem!] } });

    const n = await generateWeeklyNewsletter(db, now);
    const slugs = (n.items as { slug: string }[]).map((i) => i.slug);
    expect(slugs.slice(0, 3).sort()).toEqual(["semana-a", "semana-b", "semana-c"]);
    expect(slugs.slice(3)).toEqual(["antes-1", "antes-2"]);
    expect(newsletterComposition(n.items as never, n.week_start)).toEqual({ week: 3, recent: 2 });
  });
});
