import fs from "node:fs";
import http from "node:http";
import type { Page } from "playwright-core";
import { STATIC_PATHS } from "~/features/seo/static-paths.ts";
import { interview } from "./site-helpers.ts";

/** A GET with any Host header (fetch may not set it): how a proxy or another hostname reaches the server. */
export function getWithHost(url: string, host: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.get(url, { headers: { host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

const decode = (v: string) =>
  v
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Every `<meta property|name="key" content="…">` of a page, by key (values in document order). */
export function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    const key = m[1] ?? "";
    tags.set(key, [...(tags.get(key) ?? []), decode(m[2] ?? "")]);
  }
  return tags;
}

/** Every `<link rel="…" … href="…">` of a page as {rel, href, hreflang}. */
export function linkTags(html: string) {
  return [...html.matchAll(/<link ([^>]*)\/?>/g)].map((m) => {
    const attr = (name: string) => decode(new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(m[1] ?? "")?.[1] ?? "");
    return { rel: attr("rel"), href: attr("href"), hreflang: attr("hrefLang") || attr("hreflang") };
  });
}

/**
 * The JSON-LD blocks of a page, the page's own first: the site-wide NewsMediaOrganization every page carries
 * (from the layout, ahead of the page's blocks in the HTML) comes last.
 */
export function jsonLd(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>,
  );
  const siteWide = (b: Record<string, unknown>) => b["@type"] === "NewsMediaOrganization";
  return [...blocks.filter((b) => !siteWide(b)), ...blocks.filter(siteWide)];
}

/** Width and height of a PNG from its IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The public pages of docs/product.md §2 (the sitemap's) with one example item each, as unprefixed (Spanish) paths. */
export const PUBLIC_PAGES = [
  ...STATIC_PATHS,
  "/noticias/deepfakes-elecciones-normas-europeas",
  `/entrevistas/${interview.slug}`,
  "/referentes/lucia-montaner",
];

export const inLocale = (locale: "es" | "en", path: string) =>
  locale === "es" ? path : path === "/" ? "/en" : `/en${path}`;

const AXE_SOURCE = fs.readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/** axe-core's chosen rules (e.g. best practices outside WCAG: heading-order, landmark-unique) on a page. */
export async function axeRuleViolations(page: Page, rules: string[]) {
  // Evaluated through DevTools, outside the page's CSP: addScriptTag injects an inline <script>, which a
  // cached page's hash policy rightly blocks (it has no nonce to borrow).
  await page.evaluate(`${AXE_SOURCE}\n;true`);
  return page.evaluate(async (ids) => {
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: ids } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, rules);
}
