import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle, buildArticleRevision } from "../support/builders.ts";
import { launchBrowser, signInToDesk } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { sql } from "./sql.ts";

/**
 * Who answers for an AI-drafted article, in Chromium against the production build: an editor approves an
 * agent draft and the cached page says, in both languages, that they reviewed and approved it (HTML and
 * JSON-LD); an agent article published with no review says so until an editor reviews it from Publicaciones.
 * Then the policies (JSON-LD on every page, anchors on /metodologia), /trust.txt and the author pages.
 */
const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
const agentName = `Vigía responsable ${run}`;
const draft = { slug: `resp-draft-${run}`, es: `Borrador para aprobar ${run}`, type: "analisis" };
const auto = { slug: `resp-auto-${run}`, es: `Publicado por el agente solo ${run}`, type: "noticia" };
let browser: Browser;
let page: Page;
let editor: string;
const db = e2eDatabase();

async function insertAgentArticle(a: typeof draft, status: "draft" | "published") {
  const row = await buildArticle(db, {
    slug: a.slug,
    title_es: a.es,
    title_en: `${a.es} (en)`,
    summary_es: "Resumen.",
    summary_en: "Summary.",
    body_es: "Cuerpo.",
    body_en: "Body.",
    type: a.type,
    topics: ["regulacion"],
    status,
    is_agent: true,
    review_required: status === "draft",
    published_at: status === "published" ? new Date() : null,
    author: agentName,
    author_name: agentName,
  });
  await buildArticleRevision(db, { article_id: row.id, action: "agent_draft", actor_name: agentName });
}

/** Every JSON-LD object of a page, parsed (a script that is not JSON fails the test). */
async function jsonLd(path: string): Promise<Record<string, unknown>[]> {
  await page.goto(`${baseUrl}${path}`);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((s) => JSON.parse(s) as Record<string, unknown>);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const responsibility = async (path: string) => {
  const res = await page.goto(`${baseUrl}${path}`);
  expect(res?.status(), path).toBe(200);
  return page.getByTestId("responsibility").first().textContent();
};

beforeAll(async () => {
  await insertAgentArticle(draft, "draft");
  await insertAgentArticle(auto, "published");
  [{ username: editor }] = (await sql<{ username: string }>("SELECT username FROM users WHERE email = $1", [
    E2E_ADMIN.email,
  ])) as [{ username: string }];
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signInToDesk(page, baseUrl, E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await db.article.deleteMany({ where: { slug: { in: [draft.slug, auto.slug] } } });
  await db.$disconnect();
});

describe("editorial responsibility", () => {
  it("approving an agent draft puts the editor and the date on the cached page, in both languages", async () => {
    await page.getByTestId("publications-pending-tab").click();
    const row = page.getByTestId("publication-row").filter({ hasText: draft.es }).first();
    await row.getByTestId("publication-preview").click();
    const dialog = page.getByTestId("article-preview-dialog");
    await dialog.getByTestId("preview-approve").click();
    await expect
      .poll(async () => (await sql("SELECT status FROM articles WHERE slug = $1", [draft.slug]))[0]?.status)
      .toBe("published");
    for (let i = 0; i < 2; i++) {
      // The second visit is served from the page cache: the line is part of the cached page.
      expect(await responsibility(`/noticias/${draft.slug}`)).toMatch(
        new RegExp(`^Redactado con IA a partir de fuentes oficiales; revisado y aprobado por ${escaped(editor)}, \\d`),
      );
      expect(await responsibility(`/en/noticias/${draft.slug}`)).toMatch(
        new RegExp(`^Drafted with AI from official sources; reviewed and approved by ${escaped(editor)}, `),
      );
    }
    const article = (await jsonLd(`/noticias/${draft.slug}`)).find((o) => o.headline === draft.es);
    expect(article).toMatchObject({
      "@type": "AnalysisNewsArticle",
      editor: { "@type": "Person", name: editor },
      creativeWorkStatus: expect.stringContaining(`revisado y aprobado por ${editor}`),
      dateModified: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(article?.dateModified as string))).toBe(false);
  });

  it("an auto-published article says it had no human review until an editor reviews it from Publicaciones", async () => {
    expect(await responsibility(`/noticias/${auto.slug}`)).toBe(
      "Redactado con IA a partir de fuentes oficiales; publicado sin revisión humana tras la comprobación automática",
    );
    const article = (await jsonLd(`/en/noticias/${auto.slug}`)).find((o) => o.headline === `${auto.es} (en)`);
    expect(article).toMatchObject({
      "@type": "NewsArticle",
      creativeWorkStatus: expect.stringContaining("without human review"),
    });
    expect(article).not.toHaveProperty("editor");

    await page.goto(`${baseUrl}/admin/publicaciones`);
    await page.getByTestId("publications-unreviewed-tab").click();
    await page.getByTestId(`review-${auto.slug}`).click();
    await page.getByTestId(`review-${auto.slug}`).waitFor({ state: "detached" });
    expect(await responsibility(`/noticias/${auto.slug}`)).toContain(`revisado y aprobado por ${editor}`);
  });

  it("lists every policy in the NewsMediaOrganization JSON-LD of any page, each at an anchor of /metodologia", async () => {
    const org = (await jsonLd("/en/noticias")).find((o) => o["@type"] === "NewsMediaOrganization");
    const properties = [
      "correctionsPolicy",
      "verificationFactCheckingPolicy",
      "ethicsPolicy",
      "masthead",
      "ownershipFundingInfo",
      "actionableFeedbackPolicy",
      "diversityPolicy",
      "unnamedSourcesPolicy",
      "publishingPrinciples",
    ];
    for (const property of properties) expect(org?.[property], property).toMatch(/^http/);
    await page.goto(`${baseUrl}/en/metodologia`);
    for (const property of properties.filter((p) => p !== "publishingPrinciples")) {
      const url = new URL(org?.[property] as string);
      expect(url.pathname).toBe("/en/metodologia");
      expect(await page.locator(`[id="${url.hash.slice(1)}"]`).count(), property).toBe(1);
    }
    const footer = page.getByTestId("site-footer");
    for (const anchor of ["correcciones", "verificacion", "etica", "contenido-patrocinado", "uso-de-ia"])
      expect(await footer.getByTestId(`footer-policy-${anchor}`).getAttribute("href")).toBe(
        `/en/metodologia#${anchor}`,
      );
  });

  it("serves /trust.txt in JournalList's format", async () => {
    const res = await fetch(`${baseUrl}/trust.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const entries = (await res.text())
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"))
      .map((l) => {
        const m = /^([a-z]+)=(\S+)$/.exec(l);
        expect(m, l).not.toBeNull();
        return [m![1], m![2]] as const;
      });
    const keys = entries.map(([k]) => k);
    for (const k of keys) expect(["belongto", "social", "contact", "disclosure", "datatrainingallowed"]).toContain(k);
    expect(entries.find(([k]) => k === "contact")?.[1]).toMatch(/^https?:\/\//);
    expect(["yes", "no"]).toContain(entries.find(([k]) => k === "datatrainingallowed")?.[1]);
  });

  it("bylines link to the author's page with its articles; an unknown author is the site's 404", async () => {
    await page.goto(`${baseUrl}/noticias/${draft.slug}`);
    await page.getByTestId("byline-author").first().click();
    await page.getByTestId("author-page").waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/autores\/vigia-responsable-/);
    expect(await page.getByTestId("author-articles").textContent()).toContain(draft.es);
    const person = (await jsonLd(new URL(page.url()).pathname)).find((o) => o.name === agentName);
    expect(person).toMatchObject({ "@type": "Person", sameAs: [expect.stringContaining("/en/authors/")] });
    const en = await page.goto(`${baseUrl}/en/authors/${new URL(page.url()).pathname.split("/").pop()}`);
    expect(en?.status()).toBe(200);
    expect((await fetch(`${baseUrl}/autores/nadie-${run}`)).status).toBe(404);
  });
});
