import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { article } from "./site-helpers.ts";

/**
 * What a page's HTML carries for its client components: only the texts they read (the header's and footer's
 * controls, plus the page's own island), never another page's namespaces or the server-only ones, and
 * the /noticias list once (no fallback copy of the cards), with what its cards show and in one language.
 * The reading pages (home, articles, /noticias, the directories) take their islands' texts as props: no
 * next-intl client provider in their payload and no message-formatting runtime in their scripts.
 */
const baseUrl = inject("baseUrl");
const html = async (path: string) => {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};
/** A namespace as the RSC payload writes it: a key of the messages object (quotes escaped in the script). */
const namespace = (name: string) => new RegExp(`\\\\?"${name}\\\\?":\\{`);
const OTHER_PAGES = [
  "advertisingPage",
  "servicesPage",
  "contactForm",
  "newsletterConfirm",
  "unsubscribePage",
  "notFound",
];
const SERVER_ONLY = ["emails", "outcomes", "jobLogs", "errors", "adminAgents", "feeds"];

describe("the texts a page sends to the browser", () => {
  it.each(["/", `/noticias/${article.slug}`, "/noticias", "/en"])(
    "%s: none of other pages or the server",
    async (p) => {
      const body = await html(p);
      for (const name of [...OTHER_PAGES, ...SERVER_ONLY]) expect(body, `${p} ${name}`).not.toMatch(namespace(name));
      // The header's controls get their texts (here the mobile menu's and the language toggle's).
      expect(body).toContain(p.startsWith("/en") ? "Open menu" : "Abrir menú");
      expect(body).toContain(p.startsWith("/en") ? "Leer en español" : "Read in English");
    },
  );

  it("leaves out the texts only a reader's action needs: the signup's answers, the closed report form's", async () => {
    for (const [p, absent] of [
      ["/", ["Por favor ingresa tu email", "Suscribiendo...", "Demasiadas solicitudes"]],
      ["/en", ["Please enter your email", "Subscribing...", "Too many requests"]],
      [`/noticias/${article.slug}`, ["Por favor ingresa tu email", "Hasta 2.000 caracteres.", "Enviar aviso"]],
      [`/en/noticias/${article.slug}`, ["Please enter your email", "Up to 2,000 characters.", "Send report"]],
    ] as const) {
      const body = await html(p);
      for (const text of absent) expect(body, `${p}: ${text}`).not.toContain(text);
    }
    // What the reader sees before acting is still there (the form's label and button, the disclosure's title).
    expect(await html(`/noticias/${article.slug}`)).toContain("¿Has visto un error?");
    expect(await html("/")).toContain("Suscribirse");
  });

  it("/noticias carries its filters' texts and no fallback copy of its list", async () => {
    const body = await html("/noticias");
    expect(body).toContain("Quitar filtro: {label}");
    expect(body).not.toContain('data-testid="news-static"');
  });

  it("/noticias gives its explorer the cards' fields in the page's language only: no bodies, no sources", async () => {
    const seed = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as {
      title_es: string;
      title_en: string;
      body_es: string;
      sources: { url: string }[];
    }[];
    const body = await html("/noticias");
    // Text from the middle of each body (its first lines may be quoted in the summary), and each source link.
    for (const a of seed) {
      expect(body).toContain(a.title_es);
      expect(body).not.toContain(a.body_es.slice(600, 680));
      for (const source of a.sources) expect(body).not.toContain(source.url);
      if (a.title_en !== a.title_es) expect(body).not.toContain(a.title_en);
    }
  });

  it("/contacto carries the contact form's texts", async () => {
    expect(await html("/contacto")).toMatch(namespace("contactForm"));
  });
});

/** The module scripts a page loads (what a current browser downloads; nomodule polyfills aside), as one text. */
async function pageScripts(body: string): Promise<string> {
  const sources = [...body.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"[^>]*>/g)]
    .filter((m) => !/\bnomodule\b/.test(m[1] ?? ""))
    .map((m) => m[2] as string);
  expect(sources.length).toBeGreaterThan(0);
  const texts = await Promise.all(
    [...new Set(sources)].map((src) => fetch(new URL(src, baseUrl)).then((r) => r.text())),
  );
  return texts.join("\n");
}
/** next-intl's client provider as the RSC payload writes its props (messages, time zone). */
const PROVIDER = /\\?"timeZone\\?":\\?"Europe\/Madrid\\?"/;
/** use-intl's error codes: in its runtime's code (formatters, provider), whatever the minifier renames. */
const INTL_RUNTIME = ["ENVIRONMENT_FALLBACK", "INSUFFICIENT_PATH"];
/** A prop that next/link reads, kept by the minifier: its code is in the scripts. */
const ROUTER_LINK = "legacyBehavior";

describe("the reading pages carry no message runtime", () => {
  it.each([
    "/",
    "/en",
    `/noticias/${article.slug}`,
    `/en/noticias/${article.slug}`,
    "/noticias",
    "/referentes",
    "/en/aplicaciones",
  ])("%s: no next-intl client provider in the payload, no use-intl in the scripts", async (p) => {
    const body = await html(p);
    expect(body).not.toMatch(PROVIDER);
    const scripts = await pageScripts(body);
    for (const marker of INTL_RUNTIME) expect(scripts, `${p} ${marker}`).not.toContain(marker);
    // Their links are plain anchors: a click loads the next page as it is cached, with no client router link.
    expect(scripts, `${p} next/link`).not.toContain(ROUTER_LINK);
  });

  it("while a page whose form formats its texts in the browser still has both (the check sees them)", async () => {
    const body = await html("/contacto");
    expect(body).toMatch(PROVIDER);
    const scripts = await pageScripts(body);
    for (const marker of INTL_RUNTIME) expect(scripts, marker).toContain(marker);
  });
});
