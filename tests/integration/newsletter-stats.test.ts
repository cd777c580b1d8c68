import { describe, expect, it } from "vitest";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * Estadísticas › Boletín on a database of its own (it counts every subscription): per issue, recipients,
 * delivered, bounced and clicks per item; per week, signups, confirmations and unsubscribes.
 */
const database = await createPrivateDatabase("newsletter_stats");
const { db } = await import("~/platform/db/db.ts");
const { adminSession, callerAs, userSession } = await import("../support/sessions.ts");

const item = (slug: string, title: string) => ({
  kind: "article",
  slug,
  title_es: title,
  title_en: null,
  summary_es: "Resumen",
  summary_en: null,
  sponsored: false,
  date: "2026-11-01T00:00:00.000Z",
});

describe("the newsletter's figures", () => {
  it("gives each sent issue its recipients, delivery, bounces and clicks per item, and each week its subscriptions", async () => {
    await expectAppOn(db, database.name);
    const sent = await db.newsletter.create({
      data: {
        subject_es: "Semana 46",
        intro_es: "Intro",
        week_start: new Date("2026-11-09T00:00:00Z"),
        status: "sent",
        sent_at: new Date("2026-11-16T08:00:00Z"),
        recipient_count: 3,
        sent_count: 3,
        items: [item("primera", "Primera"), item("segunda", "Segunda"), item("tercera", "Tercera")],
      },
    });
    await db.newsletter.create({
      data: { subject_es: "Borrador", intro_es: "Intro", week_start: new Date("2026-11-16T00:00:00Z") },
    });
    await db.emailEventCount.createMany({
      data: [
        { tag: `newsletter:${sent.id}`, event: "delivered", count: 2 },
        { tag: `newsletter:${sent.id}`, event: "bounced", count: 1 },
      ],
    });
    await db.newsletterClick.createMany({
      data: [
        { newsletter_id: sent.id, item_index: 0, clicks: 5 },
        { newsletter_id: sent.id, item_index: 2, clicks: 1 },
      ],
    });
    // Weeks start on Monday (UTC): 2026-11-09, 2026-11-16 and 2026-11-23.
    await db.newsletterSubscription.createMany({
      data: [
        { email: "a@example.com", created_at: new Date("2026-11-10T10:00:00Z") },
        {
          email: "b@example.com",
          created_at: new Date("2026-11-11T10:00:00Z"),
          confirmed_at: new Date("2026-11-11T11:00:00Z"),
          status: "confirmed",
          subscribed: true,
        },
        {
          email: "c@example.com",
          created_at: new Date("2026-11-15T23:00:00Z"),
          confirmed_at: new Date("2026-11-16T01:00:00Z"),
          unsubscribed_at: new Date("2026-11-24T09:00:00Z"),
          status: "unsubscribed",
        },
        { email: "old@example.com", created_at: new Date("2026-01-05T10:00:00Z") },
      ],
    });
    const { newsletterStats } = await import("~/features/newsletter/index.ts");
    const stats = await newsletterStats(db, 3, new Date("2026-11-25T12:00:00Z"));
    expect(stats.issues).toEqual([
      {
        id: sent.id,
        subject: "Semana 46",
        sent_at: new Date("2026-11-16T08:00:00Z"),
        recipients: 3,
        delivered: 2,
        bounced: 1,
        items: [
          { title: "Primera", clicks: 5 },
          { title: "Segunda", clicks: 0 },
          { title: "Tercera", clicks: 1 },
        ],
      },
    ]);
    expect(stats.weeks).toEqual([
      { week: new Date("2026-11-09T00:00:00Z"), signups: 3, confirmations: 1, unsubscribes: 0 },
      { week: new Date("2026-11-16T00:00:00Z"), signups: 0, confirmations: 1, unsubscribes: 0 },
      { week: new Date("2026-11-23T00:00:00Z"), signups: 0, confirmations: 0, unsubscribes: 1 },
    ]);
  });

  it("answers admins only, at GET /api/admin/stats/newsletter, and 400 names a bad number of weeks", async () => {
    await expect(callerAs(userSession).admin.stats.newsletter({ weeks: 4 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await callerAs(adminSession).admin.stats.newsletter({ weeks: 4 })).weeks).toHaveLength(4);
    const { restAdmin } = await import("../support/rest-admin.ts");
    const { handleRest } = await import("~/server/rest/handler.ts");
    expect((await handleRest(new Request("http://localhost/api/admin/stats/newsletter"))).status).toBe(401);
    const admin = await restAdmin(`nlstats_${Date.now()}`);
    const ok = await admin.call("GET", "/admin/stats/newsletter?weeks=8");
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { weeks: unknown[]; issues: { items: unknown[] }[] };
    expect(body.weeks).toHaveLength(8);
    expect(body.issues[0]?.items).toHaveLength(3);
    const bad = await admin.call("GET", "/admin/stats/newsletter?weeks=0");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field?: string }).field).toBe("weeks");
  });
});
