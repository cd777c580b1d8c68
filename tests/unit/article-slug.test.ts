import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "~/features/agents/pipeline.ts";
import { articleSlug } from "~/features/agents/save-article.ts";
import { slugSchema } from "~/platform/http/common-schemas.ts";

/** Titles as editors and models write them: words in either language, accents, punctuation, emoji, repeats. */
const piece = fc.constantFrom(
  "IA",
  "Comisión",
  "Europea",
  "riesgos",
  "año",
  "señal",
  "über",
  "AI",
  "Act",
  "2025",
  "—",
  "-",
  "--",
  " - ",
  "¿",
  "?",
  "¡",
  "!",
  "«",
  "»",
  "“",
  "”",
  ":",
  ",",
  ".",
  "/",
  "🤖",
  "🇪🇺",
  "€",
  "%",
  "ß",
  "İ",
  "Ω",
  "中文",
  "   ",
);
const title = fc.oneof(
  fc.array(piece, { minLength: 0, maxLength: 40, size: "max" }).map((parts) => parts.join(" ")),
  fc.array(piece, { minLength: 0, maxLength: 60, size: "max" }).map((parts) => parts.join("")),
  fc.string({ maxLength: 200, size: "max" }),
  fc.string({ unit: "grapheme", maxLength: 120, size: "max" }),
);
const runId = fc.stringMatching(/^[a-z0-9]{20,30}$/);

describe("generated article slugs", () => {
  it("always pass the site's slug rule within 80 characters, first try or after any number of repeats", () => {
    fc.assert(
      fc.property(title, runId, fc.integer({ min: 0, max: 8 }), (t, id, attempt) => {
        const slug = articleSlug(t, id, attempt);
        expect(slugSchema.safeParse(slug).success, slug).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
      { numRuns: 1000 },
    );
  });

  it("a repeat differs from the first slug and from the other repeats", () => {
    fc.assert(
      fc.property(title, runId, (t, id) => {
        const slugs = [0, 1, 2, 3].map((attempt) => articleSlug(t, id, attempt));
        expect(new Set(slugs).size).toBe(4);
      }),
    );
  });

  it("a title whose 70th character is a hyphen still gives a valid repeat slug", () => {
    const t = `${"a".repeat(69)} b${" palabra".repeat(5)}`;
    expect(slugify(t)[69]).toBe("-");
    const slug = articleSlug(t, "cm0runid0000000000abcdef", 1);
    expect(slug).not.toContain("--");
    expect(slugSchema.safeParse(slug).success).toBe(true);
  });
});
