import { describe, expect, it } from "vitest";
import { articleObject } from "~/features/fediverse/article-object.ts";
import type { Article } from "~/generated/prisma/client.ts";

/** The Article sent to the fediverse: what Mastodon readers see, in each language, with the site's own labels. */
const row = {
  id: "a1",
  slug: "guia-ia",
  title_es: "Guía del reglamento",
  title_en: "Guide to the regulation",
  summary_es: "Resumen <b>en</b> español.",
  summary_en: "Summary in English.",
  body_es: "Uno.\n\nDos.\n\nTres.\n\nCuatro.\n\n<script>alert(1)</script>",
  body_en: null,
  date: new Date("2026-11-30T10:00:00Z"),
  published_at: new Date("2026-11-30T10:00:00Z"),
  updated_at: new Date("2026-12-01T10:00:00Z"),
  topics: ["regulación"],
  tags: ["AI Act", "regulación"],
  sponsored: true,
  sponsor_label: "Fundación X",
  image_url: "/api/media/guia.png",
} as unknown as Article;

const ids = (origin: string) => ({
  id: new URL(`${origin}/ap/articles/es/a1`),
  attribution: new URL(`${origin}/ap/actors/noticias`),
  followers: new URL(`${origin}/ap/actors/noticias/followers`),
});

describe("articleObject", () => {
  it("carries the summary, three sanitised paragraphs, the link, hashtags, image alt and the sponsor label", async () => {
    const origin = "https://riesgos-ia.example";
    const json = (await articleObject(row, "es", origin, ids(origin)).toJsonLd({ format: "compact" })) as Record<
      string,
      unknown
    >;
    const content = json.content as string;
    expect(json.name).toBe("Guía del reglamento");
    expect(json.url).toBe(`${origin}/noticias/guia-ia`);
    expect(json.sensitive).toBe(false);
    expect(content).toContain("<p>Resumen &lt;b&gt;en&lt;/b&gt; español.</p>");
    expect(content).toContain("<p>Uno.</p><p>Dos.</p><p>Tres.</p>");
    expect(content).not.toContain("Cuatro");
    expect(content).not.toContain("<script");
    expect(content).toContain("Contenido patrocinado: Fundación X");
    expect(content).toContain(`<a href="${origin}/noticias/guia-ia">`);
    expect((json.tag as { name: string }[]).map((t) => t.name).sort()).toEqual(["#AIAct", "#Regulación"]);
    expect(json.image).toMatchObject({
      type: "Image",
      url: `${origin}/api/media/guia.png`,
      name: "Guía del reglamento",
    });
  });

  it("in English uses the English texts (the body falls back to Spanish) and puts the correction note first", async () => {
    const origin = "https://riesgos-ia.example";
    const json = (await articleObject(row, "en", origin, ids(origin), "The date was August.").toJsonLd({
      format: "compact",
    })) as Record<string, unknown>;
    expect(json.name).toBe("Guide to the regulation");
    expect(json.url).toBe(`${origin}/en/noticias/guia-ia`);
    const content = json.content as string;
    expect(content).toContain("Correction: The date was August.");
    expect(content.indexOf("Correction:")).toBeLessThan(content.indexOf("Summary in English."));
    expect(content).toContain("Read the full article");
  });
});
