import { describe, expect, inject, it } from "vitest";

/** 404s exist without JavaScript: server-rendered, in the page's language, inside the site's header and footer. */
const baseUrl = inject("baseUrl");

const CASES = [
  { path: "/no-existe", lang: "es", h1: "Page Not Found", back: "/" },
  { path: "/en/no-such-page", lang: "en", h1: "Page Not Found", back: "/en" },
  { path: "/servicios/extra/segmentos", lang: "es", h1: "Page Not Found", back: "/" },
  { path: "/noticias/no-existe", lang: "es", h1: "Artículo no encontrado", back: "/noticias" },
  { path: "/en/noticias/no-existe", lang: "en", h1: null, back: "/en/noticias" },
  { path: "/entrevistas/no-existe", lang: "es", h1: "Entrevista no encontrada", back: "/entrevistas" },
  { path: "/referentes/no-existe", lang: "es", h1: "Referente no encontrado", back: "/referentes" },
  { path: "/en/referentes/no-existe", lang: "en", h1: null, back: "/en/referentes" },
] as const;

describe("not-found pages in the HTML itself", () => {
  it.each(CASES.map((c) => [c.path, c] as const))("%s", async (_, c) => {
    const res = await fetch(`${baseUrl}${c.path}`, { redirect: "manual" });
    expect(res.status).toBe(404);
    expect(res.headers.get("link") ?? "").not.toContain("hreflang");
    const html = await res.text();
    expect(html).not.toContain('id="__next_error__"');
    expect(/<html[^>]* lang="([^"]+)"/.exec(html)?.[1]).toBe(c.lang);
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(h1).toBeTruthy();
    if (c.h1) expect(h1).toBe(c.h1);
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toContain(h1);
    expect(html).toContain('data-testid="not-found"');
    expect(html).toMatch(new RegExp(`data-testid="not-found"[\\s\\S]*href="${c.back}"`));
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
  });

  it("an existing page is still 200", async () => {
    for (const path of ["/noticias/deepfakes-elecciones-normas-europeas", "/en/referentes/lucia-montaner", "/admin"])
      expect((await fetch(`${baseUrl}${path}`, { redirect: "manual" })).status, path).not.toBe(404);
  });
});
