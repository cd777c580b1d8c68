import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startFakeResend } from "../support/resend-env.ts";

// The app must see RESEND_* before its env module loads: start the fake first, then import the app.
const fake = await startFakeResend();
const { db } = await import("~/platform/db/db.ts");
const { handleRest } = await import("~/server/rest/handler.ts");
const { settleJobs: settleInProcessJobs } = await import("../support/jobs.ts");
const { callerAs } = await import("../support/sessions.ts");
const oneClick = await import("~/app/api/newsletter/one-click/route.ts");
const { confirmSubscription } = await import("~/features/newsletter/subscriptions/subscribe.ts");

const uid = () => randomBytes(5).toString("hex");
const ip = () => `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function post(path: string, body: unknown) {
  const res = await handleRest(
    new Request(`http://localhost/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip() },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
}

const row = (email: string) => db.newsletterSubscription.findUnique({ where: { email } });
const mailsTo = (email: string) => fake.deliveries.filter((d) => d.to === email.toLowerCase());
const tokenIn = (html: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]{32,})`).exec(html)?.[1];

afterAll(async () => {
  await settleInProcessJobs();
  await fake.close();
});

describe("newsletter signup (double opt-in)", () => {
  let email: string;
  beforeAll(() => {
    email = `suscriptora.${uid()}@example.com`;
  });

  it("signup → confirmation mail → confirm → subscribed", async () => {
    const res = await post("/newsletter/subscribe", { email, locale: "en", source: "home" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Check your inbox to confirm your subscription." });
    expect(await row(email)).toMatchObject({ status: "pending", subscribed: false, locale: "en", source: "home" });

    await settleInProcessJobs();
    await eventually(() => mailsTo(email).length === 1);
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe("Confirm your Riesgos IA subscription");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Unsubscribe"]).toMatch(/\/api\/newsletter\/one-click\?token=/);
    const token = tokenIn(mail.html!, "/en/newsletter/confirmar");
    expect(token).toBeDefined();

    expect(await callerAs(null).newsletter.confirm({ token: token! })).toEqual({ confirmed: true });
    expect(await row(email)).toMatchObject({ status: "confirmed", subscribed: true });
    // The link may be clicked twice.
    expect(await callerAs(null).newsletter.confirm({ token: token! })).toEqual({ confirmed: true });
  });

  it("a confirmation link expires 7 days after it was mailed; signing up again mails a new one", async () => {
    const late = `tardia.${uid()}@example.com`;
    expect((await post("/newsletter/subscribe", { email: late, locale: "es" })).status).toBe(200);
    await settleInProcessJobs();
    await eventually(() => mailsTo(late).length === 1);
    const old = tokenIn(mailsTo(late)[0]!.html!, "/newsletter/confirmar")!;
    const weekLater = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000);
    expect(await confirmSubscription(db, old, weekLater)).toEqual({ confirmed: false, expired: true });
    expect(await row(late)).toMatchObject({ status: "pending", subscribed: false });

    // A week has passed for the signup's mail limit too: signing up again mails a new link. A link carries the
    // second it was issued, and here both mails go out at once: let the clock move on to the next second.
    await new Promise((r) => setTimeout(r, 1100));
    await db.newsletterSubscription.update({
      where: { email: late },
      data: { confirmation_sent_at: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) },
    });
    expect((await post("/newsletter/subscribe", { email: late, locale: "es" })).status).toBe(200);
    await settleInProcessJobs();
    await eventually(() => mailsTo(late).length === 2);
    const fresh = tokenIn(mailsTo(late)[1]!.html!, "/newsletter/confirmar")!;
    expect(fresh).not.toBe(old);
    expect(await confirmSubscription(db, old, weekLater)).toEqual({ confirmed: false, expired: true });
    expect(await callerAs(null).newsletter.confirm({ token: fresh })).toEqual({ confirmed: true });
  });

  it("a confirmed subscriber signing up again gets the same answer and at most one mail per hour", async () => {
    const before = mailsTo(email).length;
    const again = await post("/newsletter/subscribe", { email: email.toUpperCase(), locale: "en" });
    const third = await post("/newsletter/subscribe", { email, locale: "en" });
    expect(again.body).toEqual(third.body);
    await settleInProcessJobs();
    // The first signup's mail was sent under an hour ago: nothing more.
    expect(mailsTo(email).length).toBe(before);
    expect(await row(email)).toMatchObject({ status: "confirmed", subscribed: true });
  });

  it("concurrent signups of one address in any case keep one row and send one mail", async () => {
    const base = `Concurrente.${uid()}@Example.com`;
    const variants = Array.from({ length: 12 }, (_, i) =>
      i % 2 ? base.toLowerCase() : i % 3 ? base.toUpperCase() : base,
    );
    const answers = await Promise.all(variants.map((e) => post("/newsletter/subscribe", { email: e })));
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`))).toEqual(
      new Set(['200 {"message":"Revisa tu correo para confirmar la suscripción."}']),
    );
    expect(await db.newsletterSubscription.count({ where: { email: base.toLowerCase() } })).toBe(1);
    await settleInProcessJobs();
    await eventually(() => mailsTo(base).length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(base)).toHaveLength(1);
  });

  it("rejects a malformed address with 400 naming the field, writing nothing", async () => {
    const bad = `no-es-un-email-${uid()}`;
    const res = await post("/newsletter/subscribe", { email: bad });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST", field: "email" });
    expect(res.body.error).toMatch(/^email: /);
    expect(await db.newsletterSubscription.count({ where: { email: bad } })).toBe(0);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const bot = `bot.${uid()}@example.com`;
    const res = await post("/newsletter/subscribe", { email: bot, website: "http://spam.example" });
    expect(res.status).toBe(200);
    expect(await row(bot)).toBeNull();
  });
});

describe("unsubscribe", () => {
  async function confirmedSubscriber() {
    const email = `baja.${uid()}@example.com`;
    await post("/newsletter/subscribe", { email });
    await settleInProcessJobs();
    await eventually(() => mailsTo(email).length === 1);
    const html = mailsTo(email)[0]!.html!;
    await callerAs(null).newsletter.confirm({ token: tokenIn(html, "/newsletter/confirmar")! });
    return { email, unsubscribeToken: tokenIn(html, "/unsubscribe")! };
  }

  it("by token over POST /api/newsletter/unsubscribe", async () => {
    const { email, unsubscribeToken } = await confirmedSubscriber();
    expect(unsubscribeToken.length).toBeGreaterThanOrEqual(32);
    const res = await post("/newsletter/unsubscribe", { token: unsubscribeToken });
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: "Te has desuscrito exitosamente del newsletter" },
    });
    expect(await row(email)).toMatchObject({ status: "unsubscribed", subscribed: false });
  });

  it("by RFC 8058 one-click POST, without a session", async () => {
    const { email } = await confirmedSubscriber();
    const header = mailsTo(email)[0]!.headers["List-Unsubscribe"]!;
    const url = /<(http[^>]+one-click[^>]+)>/.exec(header)![1]!;
    const res = await oneClick.POST(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await row(email)).toMatchObject({ status: "unsubscribed", subscribed: false });
  });

  it("bad tokens change nothing", async () => {
    const { email } = await confirmedSubscriber();
    const before = await row(email);
    const short = await post("/newsletter/unsubscribe", { token: "corto" });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe("token");
    const unknown = await post("/newsletter/unsubscribe", { token: randomBytes(32).toString("base64url") });
    expect(unknown).toEqual({
      status: 200,
      body: { success: false, message: "Te has desuscrito exitosamente del newsletter" },
    });
    const badConfirm = await callerAs(null).newsletter.confirm({ token: randomBytes(32).toString("base64url") });
    expect(badConfirm).toEqual({ confirmed: false });
    const oneClickBad = await oneClick.POST(
      new Request("http://localhost/api/newsletter/one-click?token=x", { method: "POST" }),
    );
    expect(oneClickBad.status).toBe(400);
    expect(await row(email)).toEqual(before);
  });

  it("coming back after unsubscribing starts a new opt-in", async () => {
    const { email, unsubscribeToken } = await confirmedSubscriber();
    await post("/newsletter/unsubscribe", { token: unsubscribeToken });
    await post("/newsletter/subscribe", { email });
    expect(await row(email)).toMatchObject({ status: "pending", subscribed: false });
  });
});
