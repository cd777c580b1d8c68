import { describe, expect, it } from "vitest";
import { hydrateOnIntent } from "~/platform/request-edge/hydrate-on-intent.js";
import { cachedPageCsp, inlineScriptHashes } from "~/platform/request-edge/security-headers.js";

/** The shapes of script a page stored in Next's cache carries (a Turbopack build), plus the site's JSON-LD. */
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<link rel="stylesheet" href="/_next/static/chunks/a.css"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js" integrity="sha256-def"/>',
  '<link rel="preload" href="/_next/static/media/font.woff2" as="font" type="font/woff2" crossorigin=""/>',
  '<script src="/_next/static/chunks/a.js?dpl=x" async="" integrity="sha256-abc"></script>',
  "<script src='/_next/static/chunks/b.js' async=\"\"></script>",
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
  '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
  "</head><body><main>texto</main>",
  '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({"otherChunks":[]})</script>',
  '<script src="/_next/static/chunks/runtime.js" integrity="sha256-def" async=""></script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  "</body></html>",
].join("");

const externalScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*(?<![\w-])src=[^>]*>/gi)].map(([tag]) => tag);

describe("reader pages whose scripts load on intent", () => {
  const out = hydrateOnIntent(PAGE);

  it("makes every module chunk inert, keeping its address and integrity for the loader", () => {
    // Only the legacy bundle keeps a live src (browsers with modules never run it).
    expect(externalScripts(out)).toEqual(['<script src="/_next/static/chunks/polyfill.js" noModule="">']);
    expect(out).toContain(
      '<script type="riesgos/deferred" data-deferred-src="/_next/static/chunks/a.js?dpl=x" data-deferred-async="" data-deferred-integrity="sha256-abc"></script>',
    );
    expect(out).toContain(
      `<script type="riesgos/deferred" data-deferred-src='/_next/static/chunks/b.js' data-deferred-async=""></script>`,
    );
    expect(out).toContain(
      '<script type="riesgos/deferred" data-deferred-src="/_next/static/chunks/runtime.js" data-deferred-integrity="sha256-def" data-deferred-async=""></script>',
    );
  });

  it("drops the chunks' preloads (a reader who only reads would fetch them for nothing), not the fonts'", () => {
    expect(out).not.toContain('as="script"');
    expect(out).toContain('<link rel="preload" href="/_next/static/media/font.woff2" as="font"');
  });

  it("keeps the document valid: an inert script carries no attribute that needs a src", () => {
    for (const [tag] of out.matchAll(/<script type="riesgos\/deferred"[^>]*>/g))
      expect(tag.replace(/ data-deferred-[a-z]+=("[^"]*"|'[^']*')/g, "")).toBe('<script type="riesgos/deferred">');
  });

  it("keeps the content, the inline payload scripts and the data blocks as they were", () => {
    expect(out).toContain("<main>texto</main>");
    expect(out).toContain("<script>(self.__next_f=self.__next_f||[]).push([0])</script>");
    expect(out).toContain('<script type="application/ld+json">{"@type":"NewsArticle"}</script>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"/>');
  });

  it("adds one loader at the end of the head, which the page's CSP then allows by its hash", () => {
    const head = out.slice(0, out.indexOf("</head>"));
    const loaders = head.match(/<script>\(function loader\(c\)/g) ?? [];
    expect(loaders).toHaveLength(1);
    expect(inlineScriptHashes(out)).toHaveLength(inlineScriptHashes(PAGE).length + 1);
    const scriptSrc = cachedPageCsp(out, {})
      .split("; ")
      .find((d) => d.startsWith("script-src "));
    for (const hash of inlineScriptHashes(out)) expect(scriptSrc).toContain(hash);
  });

  it("is applied once: a page stored again is not deferred twice", () => {
    expect(hydrateOnIntent(out)).toBe(out);
  });

  it("leaves a page without chunks (or without a head) as it is", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>hola</p></body></html>";
    expect(hydrateOnIntent(plain)).toBe(plain);
    const headless = '<html><body><script src="/x.js" async=""></script></body></html>';
    expect(hydrateOnIntent(headless)).toBe(headless);
  });
});
