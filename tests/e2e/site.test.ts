import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import applications from "../../seed/data/applications.json";
import companies from "../../seed/data/companies.json";
import referents from "../../seed/data/referents.json";
import resources from "../../seed/data/resources.json";
import { buildArticle } from "../support/builders.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { bodyText, interview, seedArticles } from "./site-helpers.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;
const db = e2eDatabase();

/**
 * This file's own article (prefix `site-`): other files on the shared server re-check the seed's sources, and
 * a source the site could not read is hidden from readers, so a seed article's "Fuentes" depends on them. Dated
 * in the past, it is on no list of the newest articles that files reading the whole site check.
 */
const article = {
  slug: `site-articulo-${Date.now().toString(36)}`,
  title_es: "Artículo propio de las rutas públicas",
  title_en: "The public routes' own article",
};

beforeAll(async () => {
  await buildArticle(db, {
    ...article,
    summary_es: "Resumen.",
    summary_en: "Summary.",
    body_es: "Cuerpo [1].",
    body_en: "Body [1].",
    status: "published",
    published_at: new Date("2020-01-02T00:00:00Z"),
    date: new Date("2020-01-02T00:00:00Z"),
    topics: ["regulacion"],
    sources: [{ name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/en/policies/ai-act" }],
  });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await db.article.deleteMany({ where: { slug: article.slug } });
  await db.$disconnect();
});

async function visit(path: string, status = 200) {
  // Each visit starts without cookies (a session or a remembered language choice).
  await page.context().clearCookies();
  const res = await page.goto(`${baseUrl}${path}`);
  expect(res?.status(), path).toBe(status);
  return bodyText(page);
}

const lucia = referents.find((r) => r.slug === "lucia-montaner")!;

/** Every public route of docs/product.md §2 (except login/register/admin/unsubscribe, covered by their features). */
const ROUTES: { path: string; es: string[]; en: string[] }[] = [
  { path: "/", es: ["Los riesgos de la inteligencia artificial"], en: ["The risks of artificial intelligence"] },
  {
    path: "/noticias",
    es: ["Noticias y análisis", seedArticles[0]!.title_es],
    en: ["News and analysis", seedArticles[0]!.title_en],
  },
  { path: `/noticias/${article.slug}`, es: [article.title_es, "Fuentes"], en: [article.title_en, "Sources"] },
  { path: "/entrevistas", es: [interview.title_es], en: [interview.title_en] },
  {
    path: `/entrevistas/${interview.slug}`,
    es: [interview.qa_es[0]!.q, "Por qué importa"],
    en: [interview.qa_en[0]!.q, "Why it matters"],
  },
  { path: "/referentes", es: referents.map((r) => r.name), en: referents.map((r) => r.name) },
  { path: `/referentes/${lucia.slug}`, es: [lucia.name, lucia.role_es], en: [lucia.name, lucia.role_en] },
  { path: "/empresas", es: companies.map((c) => c.name), en: companies.map((c) => c.name) },
  { path: "/aplicaciones", es: applications.map((a) => a.name), en: applications.map((a) => a.name) },
  { path: "/recursos", es: resources.map((r) => r.title_es), en: resources.map((r) => r.title_en) },
  {
    path: "/servicios",
    es: ["Formación", "1.500 €", "3.000 €", "2.500 €"],
    en: ["Training", "€1,500", "€3,000", "€2,500"],
  },
  { path: "/contacto", es: ["menos de 24 horas"], en: ["under 24 hours"] },
  {
    path: "/metodologia",
    es: ["Estándares editoriales", "11 de octubre de 2025"],
    en: ["Editorial Standards", "October 11, 2025"],
  },
  { path: "/publicidad", es: ["Entrevista patrocinada", "45%"], en: ["Sponsored interview", "45%"] },
  { path: "/buscar?q=sistemico", es: ["resultado", "AI Act"], en: ["result", "AI Act"] },
];

describe("every public route, in Spanish and English", () => {
  for (const route of ROUTES) {
    it(`${route.path} (es and en)`, async () => {
      const es = await visit(route.path);
      expect(await page.getAttribute("html", "lang")).toBe("es");
      for (const text of route.es) expect(es, `${route.path} es`).toContain(text);
      const en = await visit(route.path === "/" ? "/en" : `/en${route.path}`);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      for (const text of route.en) expect(en, `${route.path} en`).toContain(text);
    });
  }
});

describe("not found", () => {
  it("answers unknown slugs with the spec's texts, a back link and HTTP 404", async () => {
    const cases = [
      ["/noticias/no-existe", "Artículo no encontrado", "/noticias"],
      ["/entrevistas/no-existe", "Entrevista no encontrada", "/entrevistas"],
      ["/referentes/no-existe", "Referente no encontrado", "/referentes"],
    ] as const;
    for (const [path, title, back] of cases) {
      await visit(path, 404);
      expect(await page.textContent("h1")).toBe(title);
      expect(await page.locator(`[data-testid=not-found] a[href="${back}"]`).count()).toBe(1);
    }
    await visit("/en/noticias/no-existe", 404);
    expect(await page.textContent("h1")).toBe("Article not found");
  });

  it("answers any unknown path with 'Page Not Found' and HTTP 404", async () => {
    for (const path of ["/esto-no-existe", "/en/nothing/here", "/noticias/a/b"]) {
      await visit(path, 404);
      expect(await page.textContent("h1")).toBe("Page Not Found");
    }
  });

  it("never shows a draft article", async () => {
    const res = await page.goto(`${baseUrl}/api/articles/no-existe-borrador`);
    expect(res?.status()).toBe(404);
  });
});

describe("screenshots", () => {
  it("saves home, news, an article and an interview at 390 and 1280 px in both languages", async () => {
    const pages = {
      home: "/",
      noticias: "/noticias",
      articulo: `/noticias/${article.slug}`,
      entrevista: `/entrevistas/${interview.slug}`,
    };
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const locale of ["es", "en"] as const) {
        for (const [name, path] of Object.entries(pages)) {
          const url = locale === "en" ? `/en${path === "/" ? "" : path}` : path;
          await visit(url);
          // Not "networkidle": link prefetches of a busy server can keep the network active for long.
          await page.waitForLoadState("load");
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await screenshot(page, `${name}-${locale}-${width}`);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
