import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { article } from "./site-helpers.ts";

/**
 * What a page's HTML carries for its client components: only the texts they read (the layout's header and
 * footer texts, plus the page's own island), never another page's namespaces or the server-only ones, and
 * the /noticias list once (no fallback copy of the cards), with what its cards show and in one language.
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
      // The header's texts are there (its client components read them).
      expect(body).toMatch(namespace("nav"));
    },
  );

  it("/noticias carries its filters' texts and no fallback copy of its list", async () => {
    const body = await html("/noticias");
    expect(body).toMatch(namespace("filters"));
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
