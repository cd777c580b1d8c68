import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildArticle } from "../support/builders.ts";
import { settleJobs } from "../support/jobs.ts";
import { restAdmin } from "../support/rest-admin.ts";

// No RESEND_API_KEY here: every mail lands in the database outbox.
const uid = () => randomBytes(5).toString("hex");
const BODY = "La Oficina recibió 1.200 contribuciones [1].";

async function postReport(
  body: Record<string, unknown>,
  ip = `10.44.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const res = await handleRest(
    new Request("http://localhost/api/reader-reports", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
}

function published(tag: string) {
  return buildArticle(db, {
    slug: `aviso-${tag}-${uid()}`,
    title_es: `Consulta ${tag}`,
    summary_es: "La Comisión abre una consulta.",
    body_es: BODY,
    status: "published",
    published_at: new Date(),
  });
}

const valid = (slug: string) => ({
  slug,
  message: "La cifra de contribuciones es 1.300 según el informe.",
  source_url: "https://digital-strategy.ec.europa.eu/es/informe",
  email: `lectora.${uid()}@example.org`,
  locale: "es",
  website: "",
  started_at: Date.now() - 10_000,
});

afterAll(() => settleJobs());

describe("reader reports: the public form", () => {
  it("stores a report on a published article, and its arrival in the audit trail", async () => {
    const a = await published("ok");
    const res = await postReport(valid(a.slug));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: expect.any(String) });
    const row = await db.readerReport.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ article_id: a.id, status: "open", source_url: valid(a.slug).source_url });
    const audit = await db.auditEntry.findMany({ where: { target_type: "reader_report", target_id: row.id } });
    expect(audit.map((e) => e.action)).toEqual(["reader_report.submit"]);
    // Optional fields left empty are simply absent.
    const bare = await postReport({ ...valid(a.slug), source_url: "", email: "  " });
    expect(bare.status).toBe(200);
    expect(await db.readerReport.findUniqueOrThrow({ where: { id: bare.body.id } })).toMatchObject({
      email: null,
      source_url: null,
    });
  });

  it("answers hostile input with a 400 naming the field, and stores nothing", async () => {
    const a = await published("hostile");
    // Each case is built when it is sent: "just shown" must be now, not when the list was written.
    const cases: [() => Record<string, unknown>, string][] = [
      [() => ({ message: "" }), "message"],
      [() => ({ message: "   " }), "message"],
      [() => ({ message: "x".repeat(2001) }), "message"],
      [() => ({ message: 42 }), "message"],
      [() => ({ source_url: "javascript:alert(1)" }), "source_url"],
      [() => ({ source_url: "ftp://example.org/file" }), "source_url"],
      [() => ({ email: "not-an-address" }), "email"],
      [() => ({ email: `${"a".repeat(250)}@example.org` }), "email"],
      [() => ({ website: "https://spam.example" }), "website"],
      [() => ({ started_at: Date.now() }), "started_at"],
      [() => ({ started_at: Date.now() - 3 * 24 * 3600 * 1000 }), "started_at"],
      [() => ({ started_at: "yesterday" }), "started_at"],
      [() => ({ slug: "../../etc/passwd" }), "slug"],
      [() => ({ message: "a\u0000b" }), "message"],
    ];
    for (const [build, field] of cases) {
      const change = build();
      const res = await postReport({ ...valid(a.slug), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toMatchObject({ code: "BAD_REQUEST", field });
    }
    const missing = await postReport({ slug: a.slug, started_at: Date.now() - 10_000 });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("message");
    const unknown = await postReport(valid(`no-existe-${uid()}`));
    expect(unknown.status).toBe(404);
    expect(await db.readerReport.count({ where: { article_id: a.id } })).toBe(0);
  });

  it("is rate-limited per client address (429 with Retry-After), and a refused report stores nothing", async () => {
    const a = await published("limit");
    const ip = `10.45.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < 5; i++) expect((await postReport(valid(a.slug), ip)).status).toBe(200);
    const refused = await postReport(valid(a.slug), ip);
    expect(refused.status).toBe(429);
    expect(await db.readerReport.count({ where: { article_id: a.id } })).toBe(5);
    // Another reader is not held back by that one.
    expect((await postReport(valid(a.slug))).status).toBe(200);
  });
});

describe("reader reports: the desk's outcomes", () => {
  it("lists reports with their article, dismisses with a reason and replies by e-mail, each in the audit trail", async () => {
    const { call } = await restAdmin(`avisos-${uid()}`);
    const a = await published("desk");
    const first = await postReport(valid(a.slug));
    const second = valid(a.slug);
    const replied = await postReport(second);
    const anonymous = await postReport({ ...valid(a.slug), email: "" });

    const list = await (await call("GET", "/admin/reader-reports?status=open&pageSize=200")).json();
    const mine = list.items.filter((r: { article: { slug: string } }) => r.article.slug === a.slug);
    expect(mine).toHaveLength(3);
    expect(mine[0].article.title_es).toBe("Consulta desk");

    const noReason = await call("POST", `/admin/reader-reports/${first.body.id}/dismiss`, { reason: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ field: "reason" });
    const dismissed = await call("POST", `/admin/reader-reports/${first.body.id}/dismiss`, {
      reason: "La cifra es correcta: el informe citado es de otro año.",
    });
    expect(dismissed.status).toBe(200);
    const again = await call("POST", `/admin/reader-reports/${first.body.id}/dismiss`, { reason: "otra vez" });
    expect(again.status).toBe(409);

    const reply = await call("POST", `/admin/reader-reports/${replied.body.id}/reply`, {
      message: "Gracias: lo estamos comprobando con la Comisión.",
    });
    expect(reply.status).toBe(200);
    const mail = await db.emailMessage.findMany({ where: { to: second.email, tag: "reader-report-reply" } });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("lo estamos comprobando");
    const noAddress = await call("POST", `/admin/reader-reports/${anonymous.body.id}/reply`, { message: "Hola" });
    expect(noAddress.status).toBe(400);
    expect(await noAddress.json()).toMatchObject({ field: "id" });

    const rows = await db.readerReport.findMany({ where: { article_id: a.id } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first.body.id)).toMatchObject({
      status: "dismissed",
      dismiss_reason: expect.stringContaining("otro año"),
    });
    expect(byId.get(replied.body.id)).toMatchObject({ status: "replied", reply: expect.stringContaining("Comisión") });
    const audit = await db.auditEntry.findMany({
      where: { target_type: "reader_report", target_id: { in: [first.body.id, replied.body.id] } },
      orderBy: { created_at: "asc" },
    });
    const outcomes = audit.map((e) => `${e.action}:${e.outcome}`);
    expect(outcomes.filter((o) => o === "reader_report.dismiss:success")).toHaveLength(1);
    expect(outcomes).toContain("reader_report.dismiss:failure");
    expect(outcomes).toContain("reader_report.reply:success");
  });

  it("a published correction mails each reporter who left an address exactly once, and closes their reports", async () => {
    const { call } = await restAdmin(`avisos-corr-${uid()}`);
    const a = await published("corr");
    const withMail = valid(a.slug);
    const told = await postReport(withMail);
    const withoutMail = await postReport({ ...valid(a.slug), email: "" });
    const dismissedInput = valid(a.slug);
    const dismissed = await postReport(dismissedInput);
    await call("POST", `/admin/reader-reports/${dismissed.body.id}/dismiss`, { reason: "No es un error." });

    const fix = await call("PATCH", `/articles/${a.slug}`, {
      body_es: BODY.replace("1.200", "1.300"),
      correction_note_es: "Corregida la cifra de contribuciones: 1.300, no 1.200.",
    });
    expect(fix.status).toBe(200);
    await settleJobs();
    // A second correction of the same article tells nobody again.
    const fixAgain = await call("PATCH", `/articles/${a.slug}`, {
      body_es: BODY.replace("1.200", "1.301"),
      correction_note_es: "Corregida otra vez la cifra.",
    });
    expect(fixAgain.status).toBe(200);
    await settleJobs();

    const mails = await db.emailMessage.findMany({ where: { to: withMail.email, tag: "reader-report-corrected" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Hemos corregido «Consulta corr»");
    expect(mails[0]!.text).toContain("1.300, no 1.200");
    expect(await db.emailMessage.count({ where: { to: dismissedInput.email } })).toBe(0);

    const rows = await db.readerReport.findMany({ where: { article_id: a.id } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(told.body.id)).toMatchObject({ status: "corrected", correction_notified_at: expect.any(Date) });
    expect(byId.get(withoutMail.body.id)).toMatchObject({ status: "corrected", correction_notified_at: null });
    expect(byId.get(dismissed.body.id)).toMatchObject({ status: "dismissed", correction_notified_at: null });
    const audit = await db.auditEntry.findMany({ where: { target_type: "reader_report", target_id: told.body.id } });
    expect(audit.map((e) => e.action).sort()).toEqual([
      "reader_report.corrected",
      "reader_report.correction_mailed",
      "reader_report.submit",
    ]);
  });
});
