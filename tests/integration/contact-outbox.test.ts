import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { contactMailJob } from "~/features/contact/index.ts";
import { sendEmail } from "~/features/mail/send-email.ts";
import { db } from "~/platform/db/db.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildContactMessage, buildSubscriptions } from "../support/builders.ts";
import { settleJobs as settleInProcessJobs } from "../support/jobs.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

// No RESEND_API_KEY here: every mail must land in the database outbox.
const uid = () => randomBytes(5).toString("hex");

async function postContact(body: unknown) {
  const res = await handleRest(
    new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.30.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
}

afterAll(() => settleInProcessJobs());

describe("contact form", () => {
  const valid = () => ({
    name: `Ana ${uid()}`,
    email: `ana.${uid()}@example.org`,
    organization: "Fundación Ejemplo",
    reason: "training",
    message: "Queremos una formación sobre el AI Act.",
    privacy: true,
  });

  it("stores the message first, then mails the editors and the sender through the outbox", async () => {
    const input = { ...valid(), locale: "en" };
    const res = await postContact(input);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const stored = await db.contactMessage.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ name: input.name, reason: "training", privacy: true, locale: "en" });

    await settleInProcessJobs();
    const mails = await db.emailMessage.findMany({
      where: { OR: [{ to: input.email }, { html: { contains: input.name } }] },
    });
    const tags = mails.map((m) => m.tag).sort();
    expect(tags).toEqual(["contact-acknowledgement", "contact-notification"]);
    expect(mails.every((m) => m.status === "queued")).toBe(true);
    const ack = mails.find((m) => m.tag === "contact-acknowledgement")!;
    expect(ack.subject).toBe("We have received your message");
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: res.body.id } })).notified_at).not.toBeNull();

    const admin = callerAs(adminSession).admin;
    const messages = await admin.contactMessages.list({ page: 1, pageSize: 50 });
    expect(messages.items.some((m) => m.id === res.body.id)).toBe(true);
    const outbox = await admin.outbox.list({ page: 1, pageSize: 20, q: input.email });
    expect(outbox.items.map((m) => m.tag)).toContain("contact-acknowledgement");
  });

  it("acknowledges with a fixed text only, a few times per recipient, and keeps CR/LF out of mail headers", async () => {
    const target = `victima.${uid()}@example.org`;
    const spam = `Compra ya en https://spam-${uid()}.example`;
    const name = `Ana ${uid()}\r\nBcc: everyone@example.org`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postContact({ ...valid(), name, email: target, message: spam });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    await settleInProcessJobs();
    const acks = await db.emailMessage.findMany({ where: { to: target, tag: "contact-acknowledgement" } });
    expect(acks).toHaveLength(3);
    for (const ack of acks) {
      expect(`${ack.html}\n${ack.text}`).not.toContain("spam-");
      expect(`${ack.html}\n${ack.text}`).not.toContain("Bcc");
    }
    // Every message still reached the editors, with a one-line subject.
    const notices = await db.emailMessage.findMany({
      where: { tag: "contact-notification", html: { contains: "spam-" }, subject: { contains: "Bcc" } },
    });
    expect(notices.filter((n) => n.html.includes(spam))).toHaveLength(5);
    for (const n of notices) expect(n.subject).not.toMatch(/[\r\n]/);
    expect(await db.contactMessage.count({ where: { id: { in: ids }, notified_at: { not: null } } })).toBe(5);
  });

  it.each([
    ["name", { name: "  " }],
    ["email", { email: "no-email" }],
    ["message", { message: "" }],
    ["privacy", { privacy: false }],
    ["reason", { reason: "spam" }],
    ["message", { message: "x".repeat(5001) }],
  ])("answers 400 naming %s and stores nothing", async (field, patch) => {
    const input = { ...valid(), ...patch };
    const before = await db.contactMessage.count({ where: { name: input.name } });
    const res = await postContact(input);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await db.contactMessage.count({ where: { name: input.name } })).toBe(before);
  });
});

describe("contact mail job", () => {
  it("a message deleted before its mails went out ends the job at once, with no retries", async () => {
    const row = await buildContactMessage(db, { name: `Borrado ${uid()}` });
    await db.contactMessage.delete({ where: { id: row.id } });
    const { runId } = await enqueue(contactMailJob, { messageId: row.id });
    const engine = await getEngine();
    let job = await engine.boss.getJobById(contactMailJob.name, runId!, { includeArchive: true });
    // Retrying cannot bring the message back: failed after one attempt, not waiting in a backoff.
    for (let i = 0; i < 100 && job?.state !== "failed" && job?.state !== "retry"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = await engine.boss.getJobById(contactMailJob.name, runId!, { includeArchive: true });
    }
    expect(job).toMatchObject({ state: "failed", retryCount: 0 });
    expect((job!.output as { message?: string }).message).toContain("no longer exists");
  });
});

describe("sendEmail without a provider", () => {
  it("keeps the mail in the outbox, visible to admins", async () => {
    const to = `outbox.${uid()}@example.com`;
    const result = await sendEmail(db, { to, subject: "Hola", html: "<p>Hola</p>", tag: "test" });
    expect(result.status).toBe("queued");
    const list = await callerAs(adminSession).admin.outbox.list({ page: 1, pageSize: 5, q: to });
    expect(list.items).toMatchObject([{ to, subject: "Hola", status: "queued" }]);
  });

  it("a newsletter sent with no provider lands once per subscriber in the outbox", async () => {
    const run = uid();
    const emails = Array.from({ length: 3 }, (_, i) => `buzon.${i}.${run}@example.com`);
    await buildSubscriptions(
      db,
      emails.map((email) => ({ email })),
    );
    const n = await createOneItemNewsletter(db, { subject: `Top 5 ${run}`, sponsored: true });
    await callerAs(adminSession).admin.newsletters.send({ id: n.id });
    await settleInProcessJobs();
    expect(await db.newsletter.findUniqueOrThrow({ where: { id: n.id } })).toMatchObject({ status: "sent" });
    for (const email of emails) {
      const copies = await db.emailMessage.findMany({ where: { to: email, tag: `newsletter:${n.id}` } });
      expect(copies).toHaveLength(1);
      expect(copies[0]!.html).toContain("Novedad de la industria");
      expect((copies[0]!.headers as Record<string, string>)["List-Unsubscribe-Post"]).toBe(
        "List-Unsubscribe=One-Click",
      );
    }
  });
});
