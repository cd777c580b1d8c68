import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { buildArticles } from "../support/builders.ts";
import { resendEvent, signedHeaders } from "../support/fake-resend-webhooks.ts";
import { startFakeResend } from "../support/resend-env.ts";

const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
// Start the fake first: the app reads RESEND_* once, when its env module is first imported.
const fake = await startFakeResend({ webhookSecret, keepBodies: true });
const { db } = await import("~/platform/db/db.ts");
const { generateWeeklyNewsletter } = await import("~/features/newsletter/compose/generate.ts");
const { getArchivedNewsletter, listArchivedNewsletters } = await import("~/features/newsletter/archive/archive.ts");
const { renderNewsletter } = await import("~/features/newsletter/compose/render-newsletter.ts");
const { listNewsletters } = await import("~/features/newsletter/admin.ts");
const { sitemapXml, routeShape, publicItemExists } = await import("~/features/seo/index.ts");
const { siteUrl } = await import("~/platform/http/site-url.ts");
const clickRoute = await import("~/app/api/newsletter/click/[id]/[index]/route.ts");
const webhookRoute = await import("~/app/api/newsletter/webhooks/resend/route.ts");

const run = randomBytes(4).toString("hex");
afterAll(() => fake.close());

const now = new Date("2026-11-27T07:00:00Z"); // a Friday, 08:00 in Madrid
async function publishedArticles() {
  const base = { body_es: "Cuerpo.", status: "published" as const, tags: [] as string[], topics: ["regulacion"] };
  await buildArticles(db, [
    {
      ...base,
      slug: `archivo-uno-${run}`,
      title_es: `Uno ${run}`,
      title_en: `One ${run}`,
      summary_es: "Resumen uno.",
      summary_en: "Summary one.",
      date: new Date(now.getTime() - 3_600_000),
      sources: [{ name: "BOE", url: "https://www.boe.es/doc?id=1" }],
    },
    {
      ...base,
      slug: `archivo-dos-${run}`,
      title_es: `Dos ${run}`,
      summary_es: "Resumen dos.",
      date: new Date(now.getTime() - 7_200_000),
    },
  ]);
}
await publishedArticles();
const newsletter = await generateWeeklyNewsletter(db, now);
const draft = await generateWeeklyNewsletter(db, now);
await db.newsletter.update({ where: { id: newsletter.id }, data: { status: "sent", sent_at: now } });
const items = newsletter.items as { slug: string; sources?: { url: string }[] }[];
const first = items.findIndex((i) => i.slug === `archivo-uno-${run}`);

// Each click comes from another reader (a click counts once per reader and day: newsletter-click-dedup.test.ts).
let reader = 0;
const click = (id: string, index: string | number, query = "") =>
  clickRoute.GET(
    new Request(`http://localhost/api/newsletter/click/${id}/${index}${query}`, {
      headers: {
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        "x-forwarded-for": `192.0.2.${++reader % 250}`,
      },
    }),
    { params: Promise.resolve({ id, index: String(index) }) },
  );
const clicksOf = async (id: string, index: number) =>
  (
    await db.newsletterClick.findUnique({
      where: { newsletter_id_item_index: { newsletter_id: id, item_index: index } },
    })
  )?.clicks ?? 0;

describe("the public archive", () => {
  it("gives every generated newsletter a slug of its day, numbered when the day has several", () => {
    expect(newsletter.slug).toBe("top-5-2026-11-27");
    expect(draft.slug).toBe("top-5-2026-11-27-2");
  });

  it("shows sent newsletters only, with their listed sources and nothing about subscribers", async () => {
    expect(await getArchivedNewsletter(db, draft.slug!)).toBeNull();
    const issue = await getArchivedNewsletter(db, newsletter.slug!);
    expect(issue).toMatchObject({ id: newsletter.id, subject_es: newsletter.subject_es, sent_at: now });
    expect(Object.keys(issue!).sort()).toEqual(
      ["id", "slug", "subject_es", "subject_en", "intro_es", "intro_en", "items", "sent_at"].sort(),
    );
    expect(issue!.items[first]!.sources).toEqual([{ name: "BOE", url: "https://www.boe.es/doc?id=1" }]);
    expect((await listArchivedNewsletters(db)).map((n) => n.slug)).toEqual([newsletter.slug]);
  });

  it("links the e-mail to its web version and routes every item link through the click counter", async () => {
    for (const locale of ["es", "en"] as const) {
      const { html, text } = await renderNewsletter(newsletter, locale);
      const prefix = locale === "en" ? "/en" : "";
      expect(html).toContain(`${siteUrl()}${prefix}/newsletter/${newsletter.slug}`);
      expect(html).toContain(locale === "en" ? "View in browser" : "Ver en la web");
      expect(text).toContain(`${siteUrl()}/api/newsletter/click/${newsletter.id}/${first}`);
      expect(html).not.toContain(`${prefix}/noticias/archivo-uno-${run}`);
    }
  });

  it("lists the archive and each issue in the sitemap with hreflang alternates, and knows its 404s", async () => {
    const xml = sitemapXml({
      articles: [],
      interviews: [],
      referents: [],
      newsletters: [{ slug: "top-5-x", sent_at: now }],
    });
    expect(xml).toContain(`<loc>${siteUrl()}/newsletter/top-5-x</loc>`);
    expect(xml).toContain(`<loc>${siteUrl()}/en/newsletter/top-5-x</loc>`);
    expect(xml).toContain(`hreflang="en" href="${siteUrl()}/en/newsletter/top-5-x"`);
    expect(xml).toContain(`<loc>${siteUrl()}/newsletter</loc>`);
    const routes = ["/newsletter/[slug]", "/newsletter/confirmar", "/newsletter"];
    expect(routeShape("/newsletter/confirmar", routes)).toEqual({ kind: "known" });
    expect(routeShape("/newsletter/top-5-x", routes)).toEqual({ kind: "slug", of: "newsletter", slug: "top-5-x" });
    expect(await publicItemExists("newsletter", newsletter.slug!)).toBe(true);
    expect(await publicItemExists("newsletter", draft.slug!)).toBe(false);
    expect(await publicItemExists("newsletter", "top-5-1999-01-01")).toBe(false);
  });
});

describe("the click counter", () => {
  it("counts a click on an item and redirects to the item's page in the reader's language, setting no cookie", async () => {
    const res = await click(newsletter.id, first);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${siteUrl()}/noticias/archivo-uno-${run}`);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const en = await click(newsletter.id, first, "?lang=en");
    expect(en.headers.get("location")).toBe(`${siteUrl()}/en/noticias/archivo-uno-${run}`);
    expect(await clicksOf(newsletter.id, first)).toBe(2);
    const table = await db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'newsletter_clicks'`;
    expect(table.map((c) => c.column_name).sort()).toEqual(["clicks", "item_index", "newsletter_id", "updated_at"]);
  });

  it("redirects to one of the item's listed sources when asked, exactly as listed", async () => {
    const before = await clicksOf(newsletter.id, first);
    const res = await click(newsletter.id, first, `?to=${encodeURIComponent("https://www.boe.es/doc?id=1")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://www.boe.es/doc?id=1");
    expect(await clicksOf(newsletter.id, first)).toBe(before + 1);
  });

  it("is no open redirect: other hosts, scheme-relative, backslash and encoded tricks are refused, nothing counted", async () => {
    const before = await clicksOf(newsletter.id, first);
    const site = siteUrl();
    const attempts = [
      "https://evil.example/",
      "http://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "%2F%2Fevil.example",
      "https:%2F%2Fevil.example",
      "https:/\\evil.example",
      "HTTPS://EVIL.EXAMPLE",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      `${site}@evil.example`,
      `https://evil.example/noticias/archivo-uno-${run}`,
      "https://www.boe.es.evil.example/doc?id=1",
      "https://www.boe.es/doc?id=1\r\nSet-Cookie: x=1",
      `${site}/noticias/otra-cosa`,
      `${site}/noticias/archivo-dos-${run}`,
      "/noticias/archivo-uno",
      "",
    ];
    for (const to of attempts) {
      const res = await click(newsletter.id, first, `?to=${encodeURIComponent(to)}`);
      expect(res.status, to).toBe(400);
      expect(res.headers.get("location"), to).toBeNull();
    }
    // Double-encoded: the decoded value is still not an allowed address.
    const double = await click(newsletter.id, first, "?to=%252F%252Fevil.example");
    expect(double.status).toBe(400);
    expect(await clicksOf(newsletter.id, first)).toBe(before);
  });

  it("answers 404 for an unknown item or newsletter and 400 for a malformed index, never redirecting", async () => {
    for (const [id, index, status] of [
      [newsletter.id, 7, 404],
      [newsletter.id, 99, 404],
      ["no-such-newsletter", 0, 404],
      [newsletter.id, -1, 400],
      [newsletter.id, "abc", 400],
      [newsletter.id, "1e3", 400],
    ] as const) {
      const res = await click(id, index);
      expect(res.status, `${id}/${index}`).toBe(status);
      expect(res.headers.get("location")).toBeNull();
    }
  });

  it("redirects clicks on a draft's links (previews, test copies) without counting them", async () => {
    const res = await click(draft.id, 0);
    expect(res.status).toBe(302);
    expect(await clicksOf(draft.id, 0)).toBe(0);
  });

  it("adds the clicks up per topic for the next ranking", async () => {
    const { topicInterest } = await import("~/features/newsletter/stats/clicks.ts");
    const interest = await topicInterest(db, new Date(now.getTime() + 86_400_000));
    expect(interest.get("regulacion")).toBe(await clicksOf(newsletter.id, first));
    expect((await topicInterest(db, now)).size).toBe(0);
  });

  it("shows admins the clicks per item", async () => {
    const row = (await listNewsletters(db)).find((n) => n.id === newsletter.id)!;
    expect(row.clicks![first]).toBe(await clicksOf(newsletter.id, first));
    expect(row.clicks).toHaveLength(items.length);
  });
});

describe("delivery reports from signed webhooks", () => {
  const deliver = (type: "email.delivered" | "email.bounced" | "email.complained", to: string, id?: string) => {
    const body = JSON.stringify(
      resendEvent(type, { to, subject: "s", headers: {}, tags: [{ name: "newsletter", value: newsletter.id }] }),
    );
    return webhookRoute.POST(
      new Request("http://localhost/api/newsletter/webhooks/resend", {
        method: "POST",
        headers: signedHeaders(webhookSecret, body, id),
        body,
      }),
    );
  };

  it("counts delivered, bounced and complained per newsletter, once per delivery id, and still suppresses", async () => {
    const a = `a.${run}@example.com`;
    const b = `b.${run}@example.com`;
    const c = `c.${run}@example.com`;
    expect((await deliver("email.delivered", a, `msg_a_${run}`)).status).toBe(200);
    expect((await deliver("email.delivered", a, `msg_a_${run}`)).status).toBe(200); // the provider's retry
    expect((await deliver("email.delivered", b)).status).toBe(200);
    expect((await deliver("email.bounced", c)).status).toBe(200);
    expect((await deliver("email.complained", b)).status).toBe(200);
    const row = (await listNewsletters(db)).find((n) => n.id === newsletter.id)!;
    expect(row.delivery).toEqual({ delivered: 2, bounced: 1, complained: 1 });
    expect(await db.emailSuppression.findUnique({ where: { email: c } })).toMatchObject({ reason: "bounced" });
    expect(await db.emailSuppression.findUnique({ where: { email: b } })).toMatchObject({ reason: "complained" });
    const counts = await db.emailEventCount.findMany({ where: { tag: `newsletter:${newsletter.id}` } });
    expect(JSON.stringify(counts)).not.toContain("@");
  });

  it("lists a newsletter left 'sending' in a process whose job engine has not started: stalled, not an error", async () => {
    // Files beside this one leave sends in the shared database; this file never starts its job engine.
    const left = await generateWeeklyNewsletter(db, now);
    await db.newsletter.update({ where: { id: left.id }, data: { status: "sending" } });
    try {
      expect((await listNewsletters(db)).find((n) => n.id === left.id)).toMatchObject({ stalled: true });
    } finally {
      await db.newsletter.update({ where: { id: left.id }, data: { status: "failed" } });
    }
  });

  it("counts the tags Resend echoes as a list too", async () => {
    const body = JSON.stringify({
      type: "email.delivered",
      data: { email_id: "x", to: ["d@example.com"], tags: [{ name: "newsletter", value: draft.id }] },
    });
    const res = await webhookRoute.POST(
      new Request("http://localhost/api/newsletter/webhooks/resend", {
        method: "POST",
        headers: signedHeaders(webhookSecret, body),
        body,
      }),
    );
    expect(res.status).toBe(200);
    const row = (await listNewsletters(db)).find((n) => n.id === draft.id)!;
    expect(row.delivery).toEqual({ delivered: 1, bounced: 0, complained: 0 });
  });
});
