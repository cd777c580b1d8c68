import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { buildSubscription } from "../support/builders.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { restAdmin } from "../support/rest-admin.ts";

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("Enviar prueba", () => {
  it("mails the signed-in editor only, in the chosen language, and marks nothing sent", async () => {
    const { call, user } = await restAdmin(`nl-test-${unique}`);
    const subscriber = `nl-sub-${unique}@example.com`;
    await buildSubscription(db, { email: subscriber });
    const n = await createOneItemNewsletter(db, { subject: `Boletín ${unique}`, subjectEn: `Bulletin ${unique}` });
    const before = await db.newsletter.findUniqueOrThrow({ where: { id: n.id } });

    const res = await call("POST", `/admin/newsletters/${n.id}/send-test`, { locale: "en" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, to: user.email });

    const mails = await db.emailMessage.findMany({ where: { subject: { contains: unique } } });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: user.email, subject: `[Test] Bulletin ${unique}`, tag: "newsletter-test" });
    expect(mails[0]?.html).toContain('lang="en"');

    const after = await db.newsletter.findUniqueOrThrow({ where: { id: n.id } });
    expect(after).toMatchObject({ status: before.status, sent_count: 0, recipient_count: 0, sent_at: null });
    expect(await db.newsletterBatch.count({ where: { newsletter_id: n.id } })).toBe(0);

    const es = await call("POST", `/admin/newsletters/${n.id}/send-test`, {});
    expect(es.status).toBe(200);
    expect(await db.emailMessage.count({ where: { subject: `[Prueba] Boletín ${unique}` } })).toBe(1);
    expect((await call("POST", `/admin/newsletters/${n.id}/send-test`, { locale: "fr" })).status).toBe(400);
    expect((await call("POST", `/admin/newsletters/nope/send-test`, {})).status).toBe(404);
  });
});
