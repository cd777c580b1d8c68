import { describe, expect, it } from "vitest";
import { type DeferredNamespace, deferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { fillText } from "~/platform/i18n/locales.ts";
import { codeTranslatorFor } from "~/platform/i18n/translator.ts";

/**
 * The texts islands fetch in the browser on first use are the catalog's raw messages: each must read as the
 * server's translator gives it (no ICU syntax beyond `{name}` placeholders, no missing English key falling
 * back to Spanish on the server only), and fillText must fill its placeholders as the formatter does.
 */
const NAMESPACES: DeferredNamespace[] = ["newsletterSignup", "readerReports"];

describe("deferred texts", () => {
  it.each(NAMESPACES.flatMap((namespace) => (["es", "en"] as const).map((locale) => [namespace, locale] as const)))(
    "%s in %s: every text as the translator gives it",
    async (namespace, locale) => {
      const texts: Record<string, string> = await deferredTexts(namespace, locale);
      const t = codeTranslatorFor(locale, namespace);
      expect(Object.keys(texts).length).toBeGreaterThan(0);
      for (const [key, raw] of Object.entries(texts)) {
        const names = [...raw.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
        const values = Object.fromEntries(names.map((name, i) => [name, `v${i}'{x}`]));
        expect(fillText(raw, values), `${namespace}.${key}`).toBe(t(key, values));
      }
    },
  );

  it("are fetched once per language however many islands ask", async () => {
    expect(deferredTexts("readerReports", "en")).toBe(deferredTexts("readerReports", "en"));
    expect((await deferredTexts("newsletterSignup", "en")).submitting).toBe("Subscribing...");
    expect((await deferredTexts("newsletterSignup", "es")).submitting).toBe("Suscribiendo...");
  });
});
