import { describe, expect, it } from "vitest";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { createPrivateDatabase } from "../support/private-database.ts";

// A database of its own: the alerts read every newsletter, and other files send theirs in parallel.
await createPrivateDatabase("nlhealth");
const { db } = await import("~/platform/db/db.ts");
const { checkNewsletterHealth, openAlerts } = await import("~/features/newsletter/health/health.ts");
const { env } = await import("~/platform/env/env.js");
const { callerAs, adminSession, userSession } = await import("../support/sessions.ts");

const alertMails = () =>
  db.emailMessage.findMany({ where: { tag: "newsletter-alert" }, orderBy: { created_at: "asc" } });
const minutesAgo = (now: Date, m: number) => new Date(now.getTime() - m * 60_000);
/** Sets updated_at as a stalled or failed send leaves it (Prisma's @updatedAt would overwrite it). */
const setUpdatedAt = (id: string, at: Date) =>
  db.$executeRaw`UPDATE newsletters SET updated_at = ${at} WHERE id = ${id}`;

// A Tuesday: no Friday rule in play.
const tuesday = new Date("2026-11-24T15:00:00Z");

describe("newsletter health alerts", () => {
  it("a failed send raises one alert, shown to admins and e-mailed to the editors once, even from racing checks", async () => {
    const n = await createOneItemNewsletter(db, { subject: "Envío roto" });
    await db.newsletter.update({ where: { id: n.id }, data: { status: "failed", failure_reason: "500: boom" } });
    await setUpdatedAt(n.id, minutesAgo(tuesday, 1));
    // Two instances (or a restarted one) checking at the same moment.
    await Promise.all([checkNewsletterHealth(db, tuesday), checkNewsletterHealth(db, tuesday)]);
    await checkNewsletterHealth(db, new Date(tuesday.getTime() + 60_000));
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: env.EDITORS_EMAIL });
    expect(mails[0]!.subject).toContain("Envío roto");
    expect(mails[0]!.text).toContain("500: boom");
    const alerts = await callerAs(adminSession).admin.newsletters.alerts({ locale: "es" });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: "failed",
        newsletter_id: n.id,
        emailed: true,
        message: expect.stringContaining("Envío roto"),
      }),
    ]);
    await expect(callerAs(userSession).admin.newsletters.alerts({ locale: "es" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    // Retried: the send moves on, the alert clears and nothing more is mailed.
    await db.newsletter.update({ where: { id: n.id }, data: { status: "sending", failure_reason: null } });
    const later = new Date(tuesday.getTime() + 2 * 60_000);
    await setUpdatedAt(n.id, tuesday); // the retry's own time, not the machine's
    await checkNewsletterHealth(db, later);
    expect(await openAlerts(db, "es")).toEqual([]);
    expect(await alertMails()).toHaveLength(1);
    await db.newsletter.update({ where: { id: n.id }, data: { status: "sent", sent_at: later } });
  });

  it("a send with no progress for 10 minutes is stalled; progress clears it; under 10 minutes is fine", async () => {
    const now = tuesday;
    const n = await createOneItemNewsletter(db, { subject: "Envío parado" });
    await db.newsletter.update({
      where: { id: n.id },
      data: { status: "sending", recipient_count: 200, sent_count: 100 },
    });
    await setUpdatedAt(n.id, minutesAgo(now, 9));
    await checkNewsletterHealth(db, now);
    expect((await openAlerts(db, "es")).filter((a) => a.kind === "stalled")).toEqual([]);

    await setUpdatedAt(n.id, minutesAgo(now, 11));
    await checkNewsletterHealth(db, now);
    await checkNewsletterHealth(db, now);
    const [stalled] = (await openAlerts(db, "en")).filter((a) => a.kind === "stalled");
    expect(stalled).toMatchObject({ newsletter_id: n.id, emailed: true });
    expect(stalled!.message).toContain("100/200");
    const mails = (await alertMails()).filter((m) => m.subject.includes("Envío parado"));
    expect(mails).toHaveLength(1);

    // A batch is marked: the row changes, the send is moving again.
    await db.newsletter.update({ where: { id: n.id }, data: { sent_count: { increment: 100 } } });
    await setUpdatedAt(n.id, minutesAgo(now, 1));
    await checkNewsletterHealth(db, now);
    expect((await openAlerts(db, "es")).filter((a) => a.kind === "stalled")).toEqual([]);
    await db.newsletter.update({ where: { id: n.id }, data: { status: "sent", sent_at: now } });
  });

  it("a Friday with nothing sent by 12:00 Madrid raises the alert once; a send that day clears it", async () => {
    // 2026-11-27 is a Friday; Madrid is UTC+1 in November.
    const before = new Date("2026-11-27T10:55:00Z"); // 11:55 Madrid
    const noon = new Date("2026-11-27T11:05:00Z"); // 12:05 Madrid
    const thursday = new Date("2026-11-26T13:00:00Z");
    await checkNewsletterHealth(db, thursday);
    await checkNewsletterHealth(db, before);
    expect((await openAlerts(db, "es")).filter((a) => a.kind === "missed")).toEqual([]);

    await checkNewsletterHealth(db, noon);
    await checkNewsletterHealth(db, new Date(noon.getTime() + 60_000));
    const missed = (await openAlerts(db, "es")).filter((a) => a.kind === "missed");
    expect(missed).toHaveLength(1);
    expect(missed[0]!.message).toContain("2026-11-27");
    expect((await alertMails()).filter((m) => m.subject.includes("viernes"))).toHaveLength(1);

    const n = await createOneItemNewsletter(db, { subject: "Tarde pero enviado" });
    await db.newsletter.update({
      where: { id: n.id },
      data: { status: "sent", sent_at: new Date("2026-11-27T12:30:00Z") },
    });
    await checkNewsletterHealth(db, new Date("2026-11-27T12:31:00Z"));
    expect((await openAlerts(db, "es")).filter((a) => a.kind === "missed")).toEqual([]);
  });

  it("a Friday whose newsletter went out in the morning raises nothing", async () => {
    const friday = new Date("2026-12-04T11:30:00Z");
    const n = await createOneItemNewsletter(db, { subject: "A tiempo" });
    await db.newsletter.update({
      where: { id: n.id },
      data: { status: "sent", sent_at: new Date("2026-12-04T07:00:00Z") },
    });
    await checkNewsletterHealth(db, friday);
    expect((await openAlerts(db, "es")).filter((a) => a.kind === "missed")).toEqual([]);
  });
});

describe("a Friday send under way", () => {
  // 2026-12-11 is a Friday with nothing else sent in this database; 11:30 UTC is 12:30 Madrid.
  const fridayNoon = new Date("2026-12-11T11:30:00Z");
  const missedAlerts = async () => (await openAlerts(db, "es")).filter((a) => a.kind === "missed");

  it("raises no 'not sent' alert while its job is live, and does once the send is stuck with no job behind it", async () => {
    const { sendNewsletterJob } = await import("~/features/newsletter/jobs.ts");
    const { getEngine } = await import("~/platform/jobs/engines/embedded/engine.ts");
    const n = await createOneItemNewsletter(db, { subject: "En curso" });
    await db.newsletter.update({ where: { id: n.id }, data: { status: "sending", recipient_count: 3000 } });
    await setUpdatedAt(n.id, new Date(fridayNoon.getTime() - 30_000));
    // The send's job, queued for later so no worker of this process takes it: live as far as the check can see.
    const engine = await getEngine();
    await engine.ensure(sendNewsletterJob);
    const runId = await engine.boss.send(
      sendNewsletterJob.name,
      { newsletterId: n.id, attempt: 0 },
      { startAfter: 3600 },
    );
    expect(runId).toBeTruthy();

    await checkNewsletterHealth(db, fridayNoon);
    await checkNewsletterHealth(db, new Date(fridayNoon.getTime() + 60_000));
    expect(await missedAlerts()).toEqual([]);
    expect(
      (await alertMails()).filter((m) => m.subject.includes("viernes") && (m.text ?? "").includes("2026-12-11")),
    ).toEqual([]);

    // The job is gone (a lost run): the row still says `sending`, but nothing is sending it.
    await engine.boss.cancel(sendNewsletterJob.name, runId!);
    await checkNewsletterHealth(db, new Date(fridayNoon.getTime() + 2 * 60_000));
    const missed = await missedAlerts();
    expect(missed).toHaveLength(1);
    expect(missed[0]!.message).toContain("2026-12-11");
    await db.newsletter.update({
      where: { id: n.id },
      data: { status: "sent", sent_at: new Date("2026-12-11T12:00:00Z") },
    });
  });
});
