import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { sql } from "./sql.ts";
import { buildVerifiedArticle } from "./verified-article.ts";

/**
 * Readers check our work, in Chromium against the production build: a verified article shows how it was
 * checked, the reader follows its figure to the supporting passage on /fuentes; the editor changes that
 * figure, the desk asks for a correction note, and the reader then sees the correction on the article and on
 * /correcciones, and the feed's item carries its new updated date.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let reader: Page;
let editor: Page;
let article: { slug: string; title_es: string; updated_at: Date };

const feedItemUpdated = async (slug: string) => {
  const xml = await (await fetch(`${baseUrl}/rss`)).text();
  const item = xml.split("<item>").find((i) => i.includes(`/noticias/${slug}<`)) ?? "";
  return item.match(/<atom:updated>([^<]+)<\/atom:updated>/)?.[1] ?? null;
};

beforeAll(async () => {
  article = await buildVerifiedArticle();
  browser = await launchBrowser();
  reader = await (await browser.newContext({ timezoneId: "Europe/Madrid" })).newPage();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, timezoneId: "Europe/Madrid" });
  editor = await context.newPage();
  await editor.goto(`${baseUrl}/login?callbackUrl=/admin/publicaciones`);
  await editor.fill("#email", E2E_ADMIN.email);
  await editor.fill("#password", E2E_ADMIN.password);
  await editor.getByRole("button", { name: "Iniciar sesión" }).click();
  await editor.getByTestId("admin-tab-publications").waitFor();
});
afterAll(async () => {
  await browser?.close();
});

describe("a reader checks a verified article, and sees its correction", () => {
  it("follows the article's figure to the supporting passage on /fuentes", async () => {
    await reader.goto(`${baseUrl}/noticias/${article.slug}`);
    const box = reader.getByTestId("verification-box");
    await box.getByRole("heading", { name: "Cómo lo hemos verificado" }).waitFor();
    expect(await box.textContent()).toContain("1 cifra y ninguna cita comprobadas");
    await box.getByTestId("verification-claims").getByRole("link", { name: "ver el pasaje" }).first().click();
    await reader.waitForURL(`**/noticias/${article.slug}/fuentes#c1`);
    const passage = reader.locator("#c1");
    expect(await passage.getByTestId("passage").textContent()).toContain("1,200 contributions");
    // In context, not the whole copy: the source's first sentence is more than two sentences away.
    expect(await passage.textContent()).not.toContain("opened a public consultation");
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
  });

  it("the editor changes the figure: the desk asks for a correction note, and readers see it everywhere", async () => {
    // The row was written straight to the database (no cache expiry): its date before the edit is the row's own.
    const updatedBefore = article.updated_at.toISOString();
    await editor.goto(`${baseUrl}/admin/publicaciones`);
    await editor.getByTestId("publications-approved-tab").click();
    await editor
      .getByTestId("publication-row")
      .filter({ hasText: article.title_es })
      .first()
      .getByTestId("publication-preview")
      .click();
    const dialog = editor.getByTestId("article-preview-dialog");
    await dialog.getByTestId("preview-edit").click();
    const form = dialog.getByTestId("desk-edit-form");
    const body = form.locator("#desk-body-es");
    await body.fill((await body.inputValue()).replace("1.200", "1.300"));
    await form.getByTestId("desk-save").click();
    await form.getByTestId("desk-error").waitFor();
    expect(await form.getByTestId("desk-error").textContent()).toMatch(/nota de corrección/i);
    const note = "La Oficina recibió 1.300 contribuciones, no 1.200.";
    await form.locator("#desk-correction-es").fill(note);
    await form.getByTestId("desk-save").click();
    await editor.getByText("Cambios guardados").waitFor();
    await screenshot(editor, "readers-correction-saved");

    await reader.goto(`${baseUrl}/noticias/${article.slug}`);
    const correction = reader.getByTestId("article-correction");
    await correction.waitFor();
    expect(await correction.textContent()).toMatch(new RegExp(`^Corrección, \\d{1,2} de \\w+ de \\d{4}: ${note}$`));
    await reader.goto(`${baseUrl}/correcciones`);
    const row = reader.getByTestId("correction-row").first();
    expect(await row.textContent()).toContain(note);
    expect(await row.getByRole("link").getAttribute("href")).toBe(`/noticias/${article.slug}`);
    const updatedAfter = await feedItemUpdated(article.slug);
    expect(new Date(updatedAfter!).getTime()).toBeGreaterThan(new Date(updatedBefore).getTime());
    const [stored] = await sql<{ correction_es: string }>(
      "SELECT r.correction_es FROM article_revisions r JOIN articles a ON a.id = r.article_id WHERE a.slug = $1 AND r.correction_es IS NOT NULL",
      [article.slug],
    );
    expect(stored?.correction_es).toBe(note);
  });
});
