import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle } from "../support/builders.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { sql } from "./sql.ts";

/**
 * "¿Has visto un error?" end to end on the production build: a reader reports an error from the cached
 * article page, an editor finds it in "Avisos de lectores", writes the correction from it (the desk's edit,
 * with the report's text as the note), the correction shows on the article, and the reader's e-mail about it
 * is in the outbox. Only this file's own article, report and address are looked at.
 */
const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
const slug = `aviso-lector-${run}`;
const title = `La consulta recibió contribuciones ${run}`;
const BODY = "La Oficina de IA recibió 1.200 contribuciones a la consulta [1].";
const reporter = `lectora.${run}@example.org`;
const report = `La cifra correcta es 1.300 según el informe de la Comisión (${run}).`;
const note = `Corregida la cifra de contribuciones: 1.300, no 1.200 (${run}).`;
let browser: Browser;
let reader: Page;
let editor: Page;

const db = e2eDatabase();

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  await buildArticle(db, {
    slug,
    title_es: title,
    summary_es: "La Comisión cierra la consulta.",
    body_es: BODY,
    date: new Date(),
    topics: ["regulacion"],
    tags: [],
    sources: [{ name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/es/policies/ai-act" }],
    status: "published",
    published_at: new Date(),
  });
  browser = await launchBrowser();
  reader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  editor = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await db.article.deleteMany({ where: { slug } });
  await db.$disconnect();
});

describe("a reader's error report flows to a published correction", () => {
  it("a reader sends a report from the article page (too fast first: refused, nothing stored)", async () => {
    await reader.goto(`${baseUrl}/noticias/${slug}`);
    const section = reader.getByTestId("report-error");
    await section.getByText("¿Has visto un error?").click();
    const form = section.getByTestId("report-error-form");
    // Sent at once (one field typed, the way a script would): refused, and nothing is stored.
    await form.getByLabel("¿Qué está mal?").fill(report);
    await form.getByTestId("report-error-submit").click();
    await form.getByTestId("report-error-refused").getByText("Espera unos segundos").waitFor();
    expect(await sql("SELECT id FROM reader_reports WHERE message = $1", [report])).toHaveLength(0);
    // A person takes a few seconds: the same form, completed and sent a moment later, is accepted.
    await form.getByLabel("Enlace a una fuente (opcional)").fill("https://digital-strategy.ec.europa.eu/es/informe");
    await form.getByLabel("Tu correo (opcional)").fill(reporter);
    await reader.waitForTimeout(3_200);
    await form.getByTestId("report-error-submit").click();
    await section.getByTestId("report-error-sent").waitFor();
    await screenshot(reader, "reader-report-sent");
    const rows = await sql<{ status: string; message: string }>(
      "SELECT status, message FROM reader_reports WHERE email = $1",
      [reporter],
    );
    expect(rows).toEqual([{ status: "open", message: report }]);
  });

  it("an editor finds it in Avisos de lectores and writes the correction from it; the reader is mailed once", async () => {
    await editor.goto(`${baseUrl}/login?callbackUrl=/admin/avisos`);
    await editor.fill("#email", E2E_ADMIN.email);
    await editor.fill("#password", E2E_ADMIN.password);
    await editor.getByRole("button", { name: "Iniciar sesión" }).click();
    const tab = editor.getByTestId("admin-tab-reader-reports");
    await tab.waitFor();
    const item = tab.getByTestId("reader-report").filter({ hasText: report });
    await item.getByRole("link", { name: title }).waitFor();
    await item.getByTestId("reader-report-correct").click();
    const dialog = editor.getByTestId("correction-editor");
    const form = dialog.getByTestId("desk-edit-form");
    await form.waitFor();
    // The desk's correction flow opens with the reader's report as the note to start from.
    expect(await form.locator("#desk-correction-es").inputValue()).toBe(report);
    await form.getByTestId("desk-body-es").fill(BODY.replace("1.200", "1.300"));
    await form.locator("#desk-correction-es").fill(note);
    await form.getByTestId("desk-save").click();
    await editor.getByText("Cambios guardados").waitFor();
    await screenshot(editor, "reader-report-corrected");

    await reader.goto(`${baseUrl}/noticias/${slug}`);
    await reader.getByTestId("article-correction").getByText(note).waitFor();

    const mails = await until(async () => {
      const rows = await sql<{ subject: string; text: string }>(
        "SELECT subject, text FROM email_messages WHERE \"to\" = $1 AND tag = 'reader-report-corrected'",
        [reporter],
      );
      return rows.length ? rows : undefined;
    }, "the reporter's e-mail in the outbox");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Hemos corregido «${title}»`);
    expect(mails[0]!.text).toContain(note);
    const [row] = await sql<{ status: string }>("SELECT status FROM reader_reports WHERE email = $1", [reporter]);
    expect(row!.status).toBe("corrected");

    // The desk now lists it as corrected, with the day the reader was told.
    await editor.reload();
    await tab.getByTestId("reader-reports-filter").click();
    await editor.getByRole("option", { name: "Corregido" }).click();
    await tab.getByTestId("reader-report").filter({ hasText: report }).getByText("Avisado de la corrección").waitFor();
  });
});
