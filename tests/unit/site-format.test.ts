import { describe, expect, it } from "vitest";
import { displayAuthor } from "~/features/articles/authors.ts";
import { articleChangeTags } from "~/features/articles/cache.ts";
import { localizeMarkdownLinks, withoutSections } from "~/features/editorial/markdown-links.ts";
import { formatRelativeTime, truncate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { humanize, taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

const now = new Date("2025-11-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
/** The relative time as the byline shows it: 'just now' comes from the catalog. */
const relative = (date: Date, locale: "es" | "en") =>
  formatRelativeTime(date, locale, translatorFor(locale, "cards")("justNow"), now);

describe("relative time (docs/product.md §9)", () => {
  it("says 'just now' up to one minute", () => {
    expect(relative(ago(30_000), "en")).toBe("just now");
    expect(relative(ago(MIN), "es")).toBe("justo ahora");
  });
  it("uses minutes, hours, days and weeks in the reader's language", () => {
    expect(relative(ago(5 * MIN), "en")).toBe("5 minutes ago");
    expect(relative(ago(5 * MIN), "es")).toBe("hace 5 minutos");
    expect(relative(ago(3 * 60 * MIN), "en")).toBe("3 hours ago");
    expect(relative(ago(2 * 24 * 60 * MIN), "es")).toBe("hace 2 días");
    expect(relative(ago(15 * 24 * 60 * MIN), "en")).toBe("2 weeks ago");
  });
  it("shows a full date with time from 4 weeks on", () => {
    const old = new Date("2025-09-12T08:30:00Z");
    expect(relative(old, "es")).toBe("12 de septiembre de 2025 a las 10:30");
    expect(relative(old, "en")).toMatch(/^September 12, 2025(,| at) 10:30\sAM$/);
  });
});

describe("author display (docs/product.md §3)", () => {
  it("strips the 'Agent: ' prefix and flags agent-written pieces", () => {
    expect(displayAuthor({ author_name: "Agent: Vigía", is_agent: true })).toEqual({ name: "Vigía", isAgent: true });
  });
  it("prefers author_name, falls back to author, then to the brand", () => {
    expect(displayAuthor({ author: "Redacción", author_name: "Ana" }).name).toBe("Ana");
    expect(displayAuthor({ author: "Redacción", author_name: "  " }).name).toBe("Redacción");
    expect(displayAuthor({ author: null, author_name: "Agent: " }).name).toBe("Riesgos IA");
  });
});

describe("labels and text helpers", () => {
  it("capitalises the first letter of an unknown topic", () => {
    expect(humanize("gobernanza-global")).toBe("Gobernanza global");
    const t = Object.assign((key: string) => `label:${key}`, { has: (key: string) => key === "regulacion" });
    expect(taxonomyLabel(t, "regulacion")).toBe("label:regulacion");
    expect(taxonomyLabel(t, "ética")).toBe("Ética");
  });
  it("falls back to Spanish when English is missing or blank", () => {
    expect(pick("en", "hola", "hello")).toBe("hello");
    expect(pick("en", "hola", null)).toBe("hola");
    expect(pick("en", "hola", "  ")).toBe("hola");
    expect(pick("es", "hola", "hello")).toBe("hola");
  });
  it("cuts meta descriptions to 160 characters on a word boundary", () => {
    const text = "palabra ".repeat(40);
    const cut = truncate(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("palabra…")).toBe(true);
    expect(truncate("corto", 160)).toBe("corto");
  });
  it("points editorial links at the English pages and drops rendered sections", () => {
    expect(localizeMarkdownLinks("[contacto](/contacto)", "en")).toBe("[contacto](/en/contacto)");
    expect(localizeMarkdownLinks("[contacto](/contacto)", "es")).toBe("[contacto](/contacto)");
    const md = "## Formatos\n\nA\n\n## Audiencia\n\nB\n\n## Directrices\n\nC\n";
    expect(withoutSections(md, /^(Formatos|Audiencia)/)).toBe("## Directrices\n\nC\n");
  });
});

describe("revalidation targets", () => {
  it("an article change expires the article lists (home, /noticias, feeds, sitemap) and the pages it names", () => {
    expect(articleChangeTags({ slug: "x" })).toEqual(["public:articles", "public:article:x"]);
    expect(articleChangeTags({ slugs: ["x", "y"] })).toEqual([
      "public:articles",
      "public:article:x",
      "public:article:y",
    ]);
    expect(articleChangeTags({})).toEqual(["public:articles"]);
  });
  it("never expires the interviews' or the directories' entries", () => {
    expect(articleChangeTags({ slug: "y" }).some((t) => /interview|directories|editorial/.test(t))).toBe(false);
  });
});
