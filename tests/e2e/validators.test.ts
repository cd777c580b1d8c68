import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { type DOMReadyEvent, definePlugin, HtmlValidate, Rule } from "html-validate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { axeRuleViolations, inLocale, PUBLIC_PAGES } from "./interop-helpers.ts";
import { axeViolations } from "./site-helpers.ts";
import { buildVerifiedArticle, removeVerifiedArticle } from "./verified-article.ts";

/**
 * What crawlers, feed readers and API tools see, checked by independent validators against the production
 * server: the sitemaps.org XSD (xmllint), feedparser and xmllint on the RSS feeds, @readme/openapi-parser
 * on the API document, html-validate on the pages. Debian packages: libxml2-utils, python3-feedparser.
 */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");
const XSD = path.resolve("tests/validators/sitemaps.org/sitemap-with-hreflang.xsd");
const PYTHON = fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

function tmpFile(name: string, text: string) {
  const dir = path.resolve("test-results/validators");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const text = async (p: string) => {
  const res = await fetch(`${baseUrl}${p}`);
  expect(res.status, p).toBe(200);
  return { body: await res.text(), type: res.headers.get("content-type") ?? "" };
};

describe("sitemap", () => {
  it("validates against the sitemaps.org schema (xmllint), with es/en/x-default alternates", async () => {
    const { body, type } = await text("/sitemap.xml");
    expect(type).toMatch(/^application\/xml/);
    const r = spawnSync("xmllint", ["--noout", "--schema", XSD, tmpFile("sitemap.xml", body)], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(body).toContain(`<loc>${site}/</loc>`);
    expect(body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${site}/noticias"/>`);
  });
});

describe("RSS feeds", () => {
  const FEEDPARSER = `
import feedparser, json, re, sys
# As written: feedparser would otherwise resolve relative links against the feed's own URL.
d = feedparser.parse(sys.stdin.buffer.read(), resolve_relative_uris=False)
print(json.dumps({
  "bozo": d.bozo, "error": str(d.get("bozo_exception", "")), "version": d.version,
  "language": d.feed.get("language"),
  # The body is the HTML content; the image's alt text (media:description) is read as a plain-text one.
  "entries": [{"link": e.link, "author": e.get("author"),
               "content": len([c for c in e.get("content", []) if c.type == "text/html"]),
               "images": [m.get("url") for m in e.get("media_content", [])],
               "enclosures": [{"type": x.get("type"), "length": x.get("length")} for x in e.get("enclosures", [])],
               "tags": [t.term for t in e.get("tags", [])],
               "hrefs": [h for c in e.get("content", []) for h in re.findall(r'href="([^"]*)"', c.value)]}
              for e in d.entries],
}))`;

  for (const locale of ["es", "en"] as const) {
    it(`${locale}: well-formed (xmllint), parsed cleanly by feedparser, authors and full bodies on every item`, async () => {
      const { body, type } = await text(locale === "es" ? "/rss" : "/en/rss");
      expect(type).toMatch(/^application\/rss\+xml/);
      const lint = spawnSync("xmllint", ["--noout", tmpFile(`rss-${locale}.xml`, body)], { encoding: "utf8" });
      expect(lint.status, lint.stderr).toBe(0);
      const r = spawnSync(PYTHON, ["-c", FEEDPARSER], { input: body, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const feed = JSON.parse(r.stdout) as {
        bozo: boolean;
        error: string;
        version: string;
        language: string;
        entries: {
          link: string;
          author: string | null;
          content: number;
          images: string[];
          enclosures: { type: string; length: string }[];
          tags: string[];
          hrefs: string[];
        }[];
      };
      expect(feed.bozo, feed.error).toBe(false);
      expect(feed.version).toBe("rss20");
      expect(feed.language).toBe(locale);
      expect(feed.entries.length).toBeGreaterThan(0);
      for (const entry of feed.entries) {
        expect(entry.author, entry.link).toBeTruthy();
        expect(entry.content, entry.link).toBe(1);
        // Every item has a picture for feed readers; an enclosure says its type and size.
        expect(entry.images, entry.link).toHaveLength(1);
        expect(entry.images[0]?.startsWith(`${site}/`), entry.link).toBe(true);
        for (const enclosure of entry.enclosures) {
          expect(enclosure.type, entry.link).toMatch(/^image\//);
          expect(Number(enclosure.length), entry.link).toBeGreaterThan(0);
        }
        expect(entry.link.startsWith(locale === "es" ? `${site}/noticias/` : `${site}/en/noticias/`)).toBe(true);
      }
      const sponsored = feed.entries.find((e) => e.link.endsWith("/trazia-plataforma-auditoria-sistemas-ia"));
      expect(sponsored?.tags).toContain(locale === "es" ? "Novedad de la industria" : "Industry update");
      expect(sponsored?.author).toBe("Trazia Labs");
      // Links in the bodies are absolute, and the site's own pages are in the feed's language.
      for (const entry of feed.entries)
        for (const href of entry.hrefs) expect(href, entry.link).toMatch(/^(https?:|mailto:)/);
      const methodology = locale === "es" ? `${site}/metodologia` : `${site}/en/metodologia`;
      expect(sponsored?.hrefs).toContain(methodology);
      // RSS's <author> must be an e-mail address: names go in dc:creator.
      expect(body).not.toMatch(/<author>/);
    });
  }
});

describe("robots.txt", () => {
  it("lets crawlers fetch the article images under /api/media/", async () => {
    const { body } = await text("/robots.txt");
    expect(body).toMatch(/^Allow: \/api\/media\/$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
  });
});

describe("OpenAPI document", () => {
  it("served at /api/openapi.json is valid OpenAPI 3.1 (@readme/openapi-parser)", async () => {
    const doc = JSON.parse((await text("/api/openapi.json")).body);
    const result = await validate(doc);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(doc.paths["/newsletter/one-click"]?.post).toBeDefined();
  });
});

/**
 * The Nu HTML checker's rule that html-validate lacks: "Element option without attribute label must not be
 * empty" (an <option> needs a label or text; Radix Select's hidden native select had an empty one).
 */
class NoEmptyOption extends Rule {
  setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const option of event.document.getElementsByTagName("option"))
        if (!option.hasAttribute("label") && option.textContent.trim() === "")
          this.report(option, "Element option without attribute label must not be empty");
    });
  }
}
const nuRules = definePlugin({ name: "nu", rules: { "nu/no-empty-option": NoEmptyOption } });

describe("HTML (html-validate, the HTML standard rules, and the Nu checker's empty-option rule)", () => {
  const validator = new HtmlValidate({
    extends: ["html-validate:standard"],
    plugins: [nuRules],
    rules: {
      "no-inline-style": "off",
      "attribute-boolean-style": "off",
      "void-style": "off",
      "nu/no-empty-option": "error",
    },
  });
  const pages = [...PUBLIC_PAGES.map((p) => inLocale("es", p)), "/en", "/en/noticias", "/no-existe", "/buscar?q=ia"];
  it("the empty-option rule finds an empty <option> (Radix's placeholder option, as it was)", async () => {
    const report = await validator.validateString(
      '<!doctype html><html lang="es"><head><title>t</title></head><body><select aria-label="x"><option value=""></option><option value="a">a</option></select></body></html>',
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([
      "nu/no-empty-option: Element option without attribute label must not be empty",
    ]);
  });
  it.each(pages)("%s", async (p) => {
    const res = await fetch(`${baseUrl}${p}`);
    expect(res.status).toBe(p === "/no-existe" ? 404 : 200);
    const report = await validator.validateString(await res.text());
    const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
    expect(messages.slice(0, 8)).toEqual([]);
  });
});

describe("outline and landmarks (axe best practices)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const RULES = ["heading-order", "landmark-unique", "duplicate-id", "page-has-heading-one"];
  const pages = ["/", "/noticias", "/referentes", "/empresas", "/aplicaciones", "/recursos", "/en", "/en/empresas"];
  it("no heading skips, unique landmark names, no duplicate ids", async () => {
    const page = await browser.newPage();
    for (const p of pages) {
      await page.goto(`${baseUrl}${p}`);
      await page.waitForLoadState("networkidle");
      expect(await axeRuleViolations(page, RULES), p).toEqual([]);
    }
    await page.close();
  });
  it("the search results page names its two search landmarks apart (the header's and its own)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const p of ["/buscar?q=inteligencia", "/en/buscar?q=intelligence"]) {
      await page.goto(`${baseUrl}${p}`);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("[role=search]:visible").count(), p).toBe(2);
      expect(await axeRuleViolations(page, ["landmark-unique"]), p).toEqual([]);
    }
    await page.close();
  }, 120_000);
});

describe("how we checked this and corrections: the article's box, its /fuentes page, /correcciones", () => {
  let browser: Browser;
  let slug: string;
  const validator = new HtmlValidate({
    extends: ["html-validate:standard"],
    rules: { "no-inline-style": "off", "attribute-boolean-style": "off", "void-style": "off" },
  });
  beforeAll(async () => {
    slug = (await buildVerifiedArticle()).slug;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (slug) await removeVerifiedArticle(baseUrl, slug);
  });
  const paths = () => [
    `/noticias/${slug}`,
    `/noticias/${slug}/fuentes`,
    `/en/noticias/${slug}`,
    `/en/noticias/${slug}/fuentes`,
    "/correcciones",
    "/en/corrections",
  ];

  it("valid HTML; /fuentes is noindex and the box links each figure to its passage there", async () => {
    for (const p of paths()) {
      const res = await fetch(`${baseUrl}${p}`);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      const report = await validator.validateString(html);
      expect(report.results.flatMap((r) => r.messages.map((m) => `${p}: ${m.ruleId}: ${m.message}`))).toEqual([]);
      if (p.endsWith("/fuentes")) expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
      else if (p.includes("/noticias/")) expect(html).toContain(`${p}/fuentes#c`);
    }
  });

  it("axe: no WCAG violations, no heading skips, unique landmarks and ids", async () => {
    const page = await browser.newPage();
    for (const p of paths()) {
      await page.goto(`${baseUrl}${p}`);
      await page.waitForLoadState("networkidle");
      expect(await axeRuleViolations(page, ["heading-order", "landmark-unique", "duplicate-id"]), p).toEqual([]);
      expect(await axeViolations(page), p).toEqual([]);
    }
    await page.close();
  });
});
