import { describe, expect, inject, it } from "vitest";
import { inLocale, metaTags, PUBLIC_PAGES, pngSize } from "./interop-helpers.ts";

/** Every public page, in both languages, has a 1200 × 630 share card that answers 200 itself. */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");

const cases = PUBLIC_PAGES.flatMap((path) => (["es", "en"] as const).map((locale) => inLocale(locale, path)));

describe("share tags and cards", () => {
  it.each(cases)("%s", async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    const meta = metaTags(await res.text());
    expect(meta.get("og:site_name")).toEqual(["Riesgos IA"]);
    expect(meta.get("twitter:card")).toEqual(["summary_large_image"]);
    const [image] = meta.get("og:image") ?? [];
    expect(image).toBeTruthy();
    expect(meta.get("twitter:image")).toEqual([image]);
    expect(meta.get("og:image:width")).toEqual(["1200"]);
    expect(meta.get("og:image:height")).toEqual(["630"]);
    const [alt] = meta.get("og:image:alt") ?? [];
    expect(alt && alt.length > "Riesgos IA".length && !alt.startsWith("Riesgos IA · "), `alt: ${alt}`).toBe(true);
    const description = meta.get("description")?.[0] ?? "";
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(160);

    // The card answers 200 at once (no redirect), as a 1200 × 630 PNG.
    expect(image?.startsWith(`${site}/`)).toBe(true);
    const card = await fetch(`${baseUrl}${new URL(image ?? "").pathname}`, { redirect: "manual" });
    expect(card.status, image).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("a card for a page that does not exist is 404", async () => {
    for (const path of ["/og/es/noticias/no-existe.png", "/og/fr/home.png", "/og/es/nada.png"])
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(404);
  });
});
