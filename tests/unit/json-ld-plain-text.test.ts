import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd } from "~/ui/page-header.tsx";
import { expectPlainText, HOSTILE_TEXT } from "../support/hostile-text.ts";

/**
 * Structured data carries model-written titles and user-written names: whatever the stored text holds, the
 * JSON-LD a page prints has only plain-text strings, and its URLs are left as they are.
 */
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

describe("JSON-LD", () => {
  it("prints every string of a hostile article as plain text", () => {
    const url = "https://riesgos-ia.example/noticias/a?b=1&c=2";
    const html = renderToStaticMarkup(
      createElement(JsonLd, {
        data: {
          "@type": "NewsArticle",
          headline: HOSTILE_TEXT,
          url,
          author: { "@type": "Person", name: HOSTILE_TEXT },
          keywords: [HOSTILE_TEXT, "IA"],
        },
      }),
    );
    const json = html.match(/^<script type="application\/ld\+json">([\s\S]*)<\/script>$/)?.[1];
    expect(json, html).toBeDefined();
    const ld = JSON.parse(json ?? "null") as { headline: string; url: string };
    expectPlainText(ld.headline);
    for (const text of strings(ld)) expectPlainText(text, []);
    expect(ld.url).toBe(url);
  });
});
