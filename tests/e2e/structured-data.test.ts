import { describe, expect, inject, it } from "vitest";
import { jsonLd } from "./interop-helpers.ts";
import { article, interview, seedArticles } from "./site-helpers.ts";

/** The JSON-LD search engines read on the item pages. */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");

const ldOf = async (path: string) => {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return jsonLd(await res.text());
};

describe("structured data", () => {
  it("articles: a NewsArticle (an analysis: AnalysisNewsArticle) with a publisher logo, a typed author and the content's own dates", async () => {
    const [ld] = await ldOf(`/noticias/${article.slug}`);
    expect(article.type).toBe("analisis");
    expect(ld).toMatchObject({
      "@type": "AnalysisNewsArticle",
      mainEntityOfPage: { "@type": "WebPage", "@id": `${site}/noticias/${article.slug}` },
      publisher: {
        "@type": "Organization",
        name: "Riesgos IA",
        logo: { "@type": "ImageObject", url: `${site}/logo.png` },
      },
      author: { "@type": "Organization", name: "Redacción Riesgos IA" },
      datePublished: new Date(article.date).toISOString(),
      dateModified: new Date(article.date).toISOString(),
    });
    const logo = await fetch(`${baseUrl}/logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
  });

  it("a sponsored article names its sponsor as an Organization, without the label", async () => {
    const sponsored = seedArticles.find((a) => a.sponsored)!;
    const [ld] = await ldOf(`/en/noticias/${sponsored.slug}`);
    expect(ld?.author).toEqual({ "@type": "Organization", name: "Trazia Labs" });
    expect(ld?.sponsor).toEqual({ "@type": "Organization", name: "Trazia Labs" });
  });

  it("interviews have mainEntityOfPage; referents list no institution as sameAs", async () => {
    const [ld] = await ldOf(`/entrevistas/${interview.slug}`);
    expect(ld?.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": `${site}/entrevistas/${interview.slug}` });
    const [person] = await ldOf("/referentes/lucia-montaner");
    expect(person).toMatchObject({ "@type": "Person", sameAs: [] });
  });
});
