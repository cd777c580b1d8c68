import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { buildArticle } from "../support/builders.ts";
import { adminSession, callerAs, userSession } from "../support/sessions.ts";

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const admin = callerAs(adminSession);

/** Daily readers as the analytics rollup stores them: one row per UTC day and piece. */
async function dailyReaders(slug: string, days: [string, number][]) {
  await db.analyticsDaily.createMany({
    data: days.map(([day, visitors]) => ({
      day: new Date(day),
      dimension: "piece",
      value: `article:${slug}`,
      views: visitors * 2,
      visitors,
    })),
  });
}

describe("the desk's first-week readers", () => {
  it("adds up each published article's unique daily readers over its first 7 days only", async () => {
    const read = await buildArticle(db, {
      slug: `semana-${unique}`,
      status: "published",
      published_at: new Date("2026-11-10T15:00:00Z"),
    });
    const unread = await buildArticle(db, {
      slug: `sin-lectores-${unique}`,
      status: "published",
      published_at: new Date("2026-11-12T09:00:00Z"),
    });
    const imported = await buildArticle(db, {
      slug: `importado-${unique}`,
      status: "published",
      published_at: null,
      date: new Date("2026-10-01T10:00:00Z"),
    });
    await dailyReaders(imported.slug, [
      ["2026-10-07", 3],
      ["2026-10-08", 50],
    ]);
    const draft = await buildArticle(db, { slug: `borrador-${unique}`, status: "draft" });
    await dailyReaders(read.slug, [
      ["2026-11-09", 100], // before publication (a preview): not its first week
      ["2026-11-10", 40],
      ["2026-11-13", 25],
      ["2026-11-16", 5], // day 7
      ["2026-11-17", 900], // day 8: outside
    ]);
    const result = await admin.admin.publications.firstWeekReaders({
      slugs: [read.slug, unread.slug, imported.slug, draft.slug],
    });
    expect(result).toEqual([
      { slug: read.slug, readers: 70 },
      { slug: unread.slug, readers: 0 },
      { slug: imported.slug, readers: 3 },
    ]);
  });

  it("is admin-only and refuses a malformed request", async () => {
    await expect(callerAs(userSession).admin.publications.firstWeekReaders({ slugs: [] })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const tooMany = Array.from({ length: 201 }, (_, i) => `s-${i}`);
    await expect(admin.admin.publications.firstWeekReaders({ slugs: tooMany })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
