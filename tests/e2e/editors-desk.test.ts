import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle, buildArticleRevision } from "../support/builders.ts";
import { hydrate, launchBrowser, screenshot, signInToDesk } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { sql } from "./sql.ts";

/**
 * The editors' desk in Chromium against the production build: an editor takes an agent draft, fixes its
 * English title and one source, approves it for tomorrow 08:00, later restores the earlier title, and the
 * audit trail shows each step with its author (in the panel and through REST). Then a published article is
 * corrected and the correction shows on the public page in both languages, and a draft is saved and approved.
 */
const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
const draft = { slug: `desk-draft-${run}`, es: `Borrador del agente ${run}`, en: `Agent drafft title ${run}` };
const published = { slug: `desk-pub-${run}`, es: `Publicado con errata ${run}`, en: `Published with typo ${run}` };
const second = { slug: `desk-second-${run}`, es: `Segundo borrador ${run}` };
const BAD_SOURCE = "https://blog.example.com/ai-act";
const GOOD_SOURCE = "https://eur-lex.europa.eu/eli/reg/2024/1689/oj";
let browser: Browser;
let page: Page;

const db = e2eDatabase();

async function insertArticle(a: { slug: string; es: string; en?: string }, status: "draft" | "published") {
  const sources = [{ name: "Blog", url: BAD_SOURCE }];
  const row = await buildArticle(db, {
    slug: a.slug,
    title_es: a.es,
    title_en: a.en ?? null,
    summary_es: "Resumen.",
    summary_en: "Summary.",
    body_es: "Cuerpo original.",
    body_en: "Original body.",
    date: new Date(),
    topics: ["regulacion"],
    tags: [],
    sources,
    status,
    is_agent: true,
    review_required: status === "draft",
    published_at: status === "published" ? new Date() : null,
    author: "Vigía",
  });
  // What the agent pipeline stores with every draft it saves (src/features/agents/save-article.ts).
  await buildArticleRevision(db, {
    article_id: row.id,
    action: "agent_draft",
    actor_name: "Vigía",
    fields: ["title_es", "title_en", "sources"],
    before: {},
    after: {
      title_es: row.title_es,
      title_en: row.title_en,
      summary_es: row.summary_es,
      summary_en: row.summary_en,
      body_es: row.body_es,
      body_en: row.body_en,
      sources,
    },
  });
}

const articleRow = async (slug: string) =>
  (
    await sql<{ title_en: string; status: string; publish_at: Date | null }>(
      "SELECT title_en, status, publish_at FROM articles WHERE slug = $1",
      [slug],
    )
  )[0]!;

async function openPreview(title: string, tab: "pending" | "approved" | "scheduled" = "pending") {
  await page.goto(`${baseUrl}/admin/publicaciones`);
  await page.getByTestId("admin-tab-publications").waitFor();
  await page.getByTestId(`publications-${tab}-tab`).click();
  const row = page.getByTestId("publication-row").filter({ hasText: title }).first();
  await row.getByTestId("publication-preview").click();
  const dialog = page.getByTestId("article-preview-dialog");
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  await insertArticle(draft, "draft");
  await insertArticle(published, "published");
  await insertArticle(second, "draft");
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, timezoneId: "Europe/Madrid" });
  page = await context.newPage();
  await signInToDesk(page, baseUrl, E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await db.article.deleteMany({ where: { slug: { in: [draft.slug, published.slug, second.slug] } } });
  await db.$disconnect();
});

describe("the editors' desk", () => {
  it("edits an agent draft: English title and one source, with live preview and source badges", async () => {
    const dialog = await openPreview(draft.es);
    await dialog.getByTestId("preview-edit").click();
    const form = dialog.getByTestId("desk-edit-form");
    await form.locator("#desk-title-en").fill(`Agent draft title ${run}`);
    await form.getByTestId("desk-source-badge-0").getByText("fuera de la lista").waitFor();
    await form.getByTestId("desk-source-name-0").fill("EUR-Lex");
    await form.getByTestId("desk-source-url-0").fill(GOOD_SOURCE);
    await form.getByTestId("desk-source-badge-0").getByText("oficial", { exact: true }).waitFor();
    // The live preview goes through the public sanitiser: Markdown renders, scripts do not.
    await form.getByTestId("desk-body-es").fill("Cuerpo **revisado**.\n\n<script>alert(1)</script>");
    await form.getByTestId("desk-body-es-preview").locator("strong", { hasText: "revisado" }).waitFor();
    expect(await form.getByTestId("desk-body-es-preview").innerHTML()).not.toContain("<script");
    await screenshot(page, "desk-edit");
    await form.getByTestId("desk-save").click();
    await page.getByText("Cambios guardados").waitFor();
    await dialog.getByRole("tab", { name: "English" }).click();
    await dialog.getByText(`Agent draft title ${run}`).first().waitFor();
    expect((await articleRow(draft.slug)).title_en).toBe(`Agent draft title ${run}`);
  });

  it("approves it for tomorrow 08:00: out of the public site, shown as scheduled, movable", async () => {
    const dialog = page.getByTestId("article-preview-dialog");
    const input = dialog.getByTestId("schedule-input");
    expect(await input.inputValue()).toMatch(/T08:00$/);
    await dialog.getByTestId("schedule-approve").click();
    await page.getByText("Artículo programado").waitFor();
    await dialog
      .getByTestId("schedule-status")
      .getByText(/Programado para/)
      .waitFor();
    const row = await articleRow(draft.slug);
    expect(row.status).toBe("draft");
    // Tomorrow 08:00 in the editor's time zone (Madrid: 07:00 or 08:00 UTC... as the calendar says).
    const madrid = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit" });
    expect(madrid.format(row.publish_at!)).toBe("08:00");
    expect(row.publish_at!.getTime() - Date.now()).toBeGreaterThan(0);
    expect(row.publish_at!.getTime() - Date.now()).toBeLessThan(2 * 86_400_000);
    expect((await fetch(`${baseUrl}/noticias/${draft.slug}`)).status).toBe(404);
    expect(await (await fetch(`${baseUrl}/noticias`)).text()).not.toContain(draft.es);

    await input.fill(`${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T09:30`);
    await dialog.getByTestId("schedule-move").click();
    await page.getByText("Programación cambiada").waitFor();
    expect(madrid.format((await articleRow(draft.slug)).publish_at!)).toBe("09:30");
    await input.fill(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T08:00`);
    await dialog.getByTestId("schedule-move").click();
    await page.getByText("Programación cambiada").first().waitFor();
    await dialog.getByRole("button", { name: "Cerrar" }).first().click();
    await page.getByTestId("publications-scheduled-tab").click();
    await page.getByTestId("publications-scheduled").getByText(draft.es).waitFor();
  });

  it("restores the earlier title from the revision history (a new revision)", async () => {
    const dialog = await openPreview(draft.es, "scheduled");
    await dialog.getByTestId("preview-history").click();
    const edit = dialog.getByTestId("revision").and(dialog.locator('[data-action="edit"]'));
    await edit.getByRole("button", { name: "Ver cambios" }).click();
    const diff = dialog.getByTestId("revision-diff-en");
    await diff.getByTestId("diff-removed").getByText("drafft").waitFor();
    await diff.getByTestId("diff-added").getByText("draft").waitFor();
    await screenshot(page, "desk-revisions");
    // Only the earlier English title comes back; the corrected source stays.
    const original = dialog.getByTestId("revision").and(dialog.locator('[data-action="agent_draft"]'));
    await original.getByRole("button", { name: "Ver cambios" }).click();
    await original.getByTestId("restore-field-title_en").click();
    await page.getByText("Versión restaurada").waitFor();
    await dialog.getByTestId("revision").and(dialog.locator('[data-action="restore"]')).waitFor();
    expect(await articleRow(draft.slug)).toMatchObject({ title_en: draft.en, status: "draft" });
    const rows = await sql<{ sources: { url: string }[] }>("SELECT sources FROM articles WHERE slug = $1", [
      draft.slug,
    ]);
    expect(rows[0]?.sources.map((x) => x.url)).toEqual([GOOD_SOURCE]);
    expect((await articleRow(draft.slug)).publish_at).not.toBeNull();
  });

  it("shows each step with its author in the Auditoría tab and through REST", async () => {
    const username = (
      await sql<{ username: string }>("SELECT username FROM users WHERE email = $1", [E2E_ADMIN.email])
    )[0]?.username;
    await page.goto(`${baseUrl}/admin/auditoria`);
    await page.getByTestId("admin-tab-audit").waitFor();
    // A filter sent before the tab hydrates can be lost (the form's native submit reloads the page, unfiltered).
    await hydrate(page);
    await page.getByTestId("audit-filter-target").fill(draft.slug);
    await page.getByTestId("audit-filter-apply").click();
    const rows = page.getByTestId("audit-row");
    const ours = rows.and(page.locator(`[data-target="${draft.slug}"]`));
    await ours.and(page.locator('[data-action="article.restore"]')).waitFor();
    // The list as filtered: the whole trail's first page, shown until the filter's answer, holds other
    // files' entries too, and this draft's newest ones among them.
    await expect.poll(async () => (await rows.count()) - (await ours.count()), { timeout: 15_000 }).toBe(0);
    const actions = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-action")));
    expect(actions).toEqual([
      "article.restore",
      "article.schedule",
      "article.schedule",
      "article.schedule",
      "article.edit",
    ]);
    expect(new Set(await page.getByTestId("audit-actor").allTextContents())).toEqual(new Set([username]));
    await screenshot(page, "desk-audit");

    const res = await page.request.get(`${baseUrl}/api/admin/audit?target=${draft.slug}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { items: { action: string; actor_name: string; outcome: string }[] };
    expect(body.items.map((e) => [e.action, e.actor_name, e.outcome])).toEqual(
      actions.map((a) => [a, username, "success"]),
    );
    const revisions = await page.request.get(`${baseUrl}/api/articles/${draft.slug}/revisions`);
    const listed = (await revisions.json()) as { action: string; actor_name: string }[];
    expect(listed.map((r) => r.action)).toEqual(["restore", "schedule", "schedule", "schedule", "edit", "agent_draft"]);
  });

  it("corrects a published article and the correction shows on the public page in both languages", async () => {
    expect(await (await fetch(`${baseUrl}/noticias/${published.slug}`)).text()).toContain(published.es);
    const dialog = await openPreview(published.es, "approved");
    await dialog.getByTestId("preview-edit").click();
    const form = dialog.getByTestId("desk-edit-form");
    await form.locator("#desk-title-es").fill(`Publicado corregido ${run}`);
    await form.locator("#desk-title-en").fill(`Published corrected ${run}`);
    // A published title that changes is told to readers: the note shows at the end of the article.
    await form.locator("#desk-correction-es").fill(`El título tenía una errata ${run}.`);
    // Still the unofficial source: a published article needs the editor's explicit confirmation.
    await form.getByTestId("desk-source-name-0").fill("Blog técnico");
    await form.getByTestId("desk-save").click();
    await form.getByTestId("desk-confirm-unofficial").click();
    await form.getByTestId("desk-save").click();
    await page.getByText("Cambios guardados").waitFor();
    await page.goto(`${baseUrl}/noticias/${published.slug}`);
    await page.getByRole("heading", { name: `Publicado corregido ${run}` }).waitFor();
    expect(await page.getByTestId("article-correction").textContent()).toContain(`El título tenía una errata ${run}.`);
    await page.goto(`${baseUrl}/en/noticias/${published.slug}`);
    await page.getByRole("heading", { name: `Published corrected ${run}` }).waitFor();
    expect(await (await fetch(`${baseUrl}/noticias`)).text()).toContain(`Publicado corregido ${run}`);
  });

  it("saves and approves a draft in one step", async () => {
    // The English page above chose English for the whole site (NEXT_LOCALE): back to Spanish.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseUrl }]);
    const dialog = await openPreview(second.es);
    await dialog.getByTestId("preview-edit").click();
    const form = dialog.getByTestId("desk-edit-form");
    await form.getByTestId("desk-source-url-0").fill(GOOD_SOURCE);
    await form.locator("#desk-summary-es").fill("Resumen revisado.");
    await form.getByTestId("desk-save-approve").click();
    await page.getByText("Cambios guardados").first().waitFor();
    await page.getByText("Artículo aprobado").waitFor();
    const res = await fetch(`${baseUrl}/noticias/${second.slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Resumen revisado.");
  });
});
