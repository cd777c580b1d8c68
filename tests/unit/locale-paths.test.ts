import { describe, expect, it } from "vitest";
import { newsletterSignupTexts } from "~/features/newsletter/ui/newsletter-signup-texts.ts";
import { deferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { fillText, localizedPath, pluralText, unlocalizedPath } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

/** The public pages' own locale-aware links (no next-intl in the browser) write what next-intl's would. */
describe("locale paths", () => {
  /** Each site path, then as next-intl's routing (localePrefix "as-needed") writes it in English. */
  const english: [string, string][] = [
    ["/", "/en"],
    ["/noticias", "/en/noticias"],
    ["/noticias/a-b", "/en/noticias/a-b"],
    ["/servicios#formacion", "/en/servicios#formacion"],
    ["/buscar?q=ia", "/en/buscar?q=ia"],
    ["/?x=1", "/en?x=1"],
    ["/#newsletter", "/en#newsletter"],
  ];

  it("Spanish has no prefix, English lives under /en", () => {
    for (const [href, en] of english) {
      expect(localizedPath(href, "es")).toBe(href);
      expect(localizedPath(href, "en")).toBe(en);
    }
  });

  it("leaves what is not a site path alone", () => {
    for (const href of ["https://example.org/x", "#newsletter", "//cdn.example.org/x", "mailto:a@b.c"])
      expect(localizedPath(href, "en")).toBe(href);
  });

  it("takes the prefix off a page's path, and the /es the app serves Spanish pages under", () => {
    expect(unlocalizedPath("/en")).toBe("/");
    expect(unlocalizedPath("/en/noticias/x")).toBe("/noticias/x");
    expect(unlocalizedPath("/es/referentes")).toBe("/referentes");
    expect(unlocalizedPath("/noticias")).toBe("/noticias");
    expect(unlocalizedPath("/entrevistas")).toBe("/entrevistas");
    expect(unlocalizedPath("/")).toBe("/");
  });
});

describe("texts handed to client islands", () => {
  it("fill their placeholders as the catalog's formatter does", async () => {
    for (const locale of ["es", "en"] as const) {
      const t = translatorFor(locale, "auth");
      const template = t("hello", { username: "{username}" });
      expect(fillText(template, { username: "ana{x}$1" })).toBe(t("hello", { username: "ana{x}$1" }));
      const signup = await deferredTexts("newsletterSignup", locale);
      expect(fillText(signup.tooManyRequests, { seconds: 30 })).toBe(
        translatorFor(locale, "newsletterSignup")("tooManyRequests", { seconds: 30 }),
      );
    }
  });

  it("are one object per language, so a page's payload writes them once however many forms get them", () => {
    expect(newsletterSignupTexts("en")).toBe(newsletterSignupTexts("en"));
    expect(newsletterSignupTexts("es").submit).toBe("Suscribirse");
    expect(newsletterSignupTexts("en").submit).toBe("Subscribe");
  });
});

describe("counts in words in the browser", () => {
  it("say what the catalog's formatter says, for every count form", () => {
    for (const locale of ["es", "en"] as const) {
      const filters = translatorFor(locale, "filters");
      const directory = translatorFor(locale, "directory");
      for (const count of [0, 1, 2, 5, 21, 1234, 12345]) {
        expect(pluralText(filters.raw("results") as string, count, locale)).toBe(filters("results", { count }));
        expect(pluralText(directory.raw("count") as string, count, locale)).toBe(directory("count", { count }));
      }
    }
  });
});
