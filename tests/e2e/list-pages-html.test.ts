import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import applications from "../../seed/data/applications.json";
import companies from "../../seed/data/companies.json";
import referents from "../../seed/data/referents.json";
import resources from "../../seed/data/resources.json";
import { e2eDatabase } from "./db.ts";
import { type AdminApi, adminApi, newestPublished, publishTaggedArticles } from "./list-fixtures.ts";
import { seedInterviews } from "./site-helpers.ts";

/**
 * Every list page is whole in its HTML, with no browser: its items are links and cards in the markup itself,
 * not only in the RSC payload a script turns into them (what a reader without JavaScript, a crawler or a slow
 * phone before hydration gets). News, interviews, referents, the directories, search, corrections and the
 * newsletter archive, in both languages.
 */
const baseUrl = inject("baseUrl");
const db = e2eDatabase();
const run = Date.now().toString(36);
const TAG = `listas-html-${run}`;
const NOTE = `Nota de corrección de listas ${run}.`;
let api: AdminApi;
let slugs: string[] = [];
const issues: { id: string; slug: string; subject: string }[] = [];

/** A page's HTML without its scripts: the markup, not the RSC payload (which also names every item). */
async function markup(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** The distinct item slugs linked under `prefix` ("/noticias/"), in the order the page first links them. */
const linkedSlugs = (html: string, prefix: string) => [
  ...new Set(
    [...html.matchAll(/href="([^"?#]+)"/g)]
      .map((m) => m[1] ?? "")
      .filter((href) => href.startsWith(prefix) && !href.slice(prefix.length).includes("/"))
      .map((href) => href.slice(prefix.length)),
  ),
];

beforeAll(async () => {
  api = await adminApi(baseUrl);
  slugs = await publishTaggedArticles(db, api, TAG);
  // A correction on one of them, made as the desk makes it: a changed title with its public note.
  await api("PATCH", `/articles/${slugs[1]}`, {
    title_es: `Noticia corregida de listas ${TAG}`,
    correction_note_es: NOTE,
  });
  // Two sent issues written to the database; deleting one through the API expires the archive's cached list.
  for (const n of [1, 2]) {
    const slug = `top-5-listas-${run}-${n}`;
    const subject = `Top 5 de listas ${run} ${n}`;
    const row = await db.newsletter.create({
      data: {
        slug,
        subject_es: subject,
        subject_en: `Top 5 of lists ${run} ${n}`,
        intro_es: "Intro",
        week_start: new Date(),
        items: [],
        status: "sent",
        sent_at: new Date(),
      },
    });
    issues.push({ id: row.id, slug, subject });
  }
  await api("DELETE", `/admin/newsletters/${issues[1]!.id}`);
});

afterAll(async () => {
  for (const slug of slugs) await api?.("DELETE", `/articles/${slug}`);
  if (issues[0]) await api?.("DELETE", `/admin/newsletters/${issues[0].id}`);
  await db.$disconnect();
});

describe("each list page's HTML holds its items", () => {
  it("/noticias and /en/noticias: the newest 20 articles, linked, newest first", async () => {
    const newest = await newestPublished(db);
    expect(newest.slice(0, 2)).toEqual(slugs);
    expect(linkedSlugs(await markup("/noticias"), "/noticias/")).toEqual(newest);
    expect(linkedSlugs(await markup("/en/noticias"), "/en/noticias/")).toEqual(newest);
  });

  it("/noticias with filters in its query: the filtered list, rendered for the request", async () => {
    expect(linkedSlugs(await markup(`/noticias?etiquetas=${TAG}`), "/noticias/")).toEqual(slugs);
    expect(linkedSlugs(await markup(`/en/noticias?etiquetas=${TAG}&tipo=analisis`), "/en/noticias/")).toEqual([
      slugs[0],
    ]);
    expect(linkedSlugs(await markup("/noticias?tipo=analisis"), "/noticias/")).toEqual(
      await newestPublished(db, { type: "analisis" }),
    );
    // Not from Next's cache, with a nonce for its scripts; the route it is rendered on is no page of its own.
    const filtered = await fetch(`${baseUrl}/noticias?tema=regulacion`);
    expect(filtered.headers.get("x-nextjs-cache")).toBeNull();
    expect(filtered.headers.get("content-security-policy")).toContain("'nonce-");
    expect((await fetch(`${baseUrl}/noticias-filtradas?tema=regulacion`)).status).toBe(404);
  });

  it("/entrevistas and /en/entrevistas: every interview", async () => {
    const wanted = seedInterviews.map((i) => i.slug);
    expect(linkedSlugs(await markup("/entrevistas"), "/entrevistas/")).toEqual(expect.arrayContaining(wanted));
    expect(linkedSlugs(await markup("/en/entrevistas"), "/en/entrevistas/")).toEqual(expect.arrayContaining(wanted));
  });

  it("/referentes: every referent", async () => {
    const wanted = referents.map((r) => r.slug);
    expect(linkedSlugs(await markup("/referentes"), "/referentes/")).toEqual(expect.arrayContaining(wanted));
    expect(linkedSlugs(await markup("/en/referentes"), "/en/referentes/")).toEqual(expect.arrayContaining(wanted));
  });

  it("/empresas, /aplicaciones, /recursos: every card, named", async () => {
    const directories = [
      { path: "/empresas", items: companies.map((c) => ({ slug: c.slug, name: c.name })) },
      { path: "/aplicaciones", items: applications.map((a) => ({ slug: a.slug, name: a.name })) },
      { path: "/recursos", items: resources.map((r) => ({ slug: r.slug, name: r.title_es })) },
    ];
    for (const { path, items } of directories) {
      const html = await markup(path);
      for (const item of items) {
        expect(html, `${path} ${item.slug}`).toMatch(new RegExp(`<article[^>]* id="${item.slug}"`));
        expect(html, `${path} ${item.slug}`).toContain(item.name);
      }
    }
    expect(await markup("/en/recursos")).toContain(resources[0]!.title_en);
  });

  it("/buscar: the hits of the query", async () => {
    const slug = "deepfakes-elecciones-normas-europeas";
    expect(linkedSlugs(await markup("/buscar?q=deepfakes"), "/noticias/")).toContain(slug);
    expect(linkedSlugs(await markup("/en/buscar?q=deepfakes"), "/en/noticias/")).toContain(slug);
  });

  it("/correcciones and /en/corrections: every correction, linked to its article", async () => {
    const es = await markup("/correcciones");
    expect(es).toContain(NOTE);
    expect(linkedSlugs(es, "/noticias/")).toContain(slugs[1]);
    expect(linkedSlugs(await markup("/en/corrections"), "/en/noticias/")).toContain(slugs[1]);
  });

  it("/newsletter and /en/newsletter: every sent issue", async () => {
    const [kept, deleted] = issues;
    const es = await markup("/newsletter");
    expect(es).toContain(kept!.subject);
    expect(linkedSlugs(es, "/newsletter/")).toContain(kept!.slug);
    expect(linkedSlugs(es, "/newsletter/")).not.toContain(deleted!.slug);
    expect(linkedSlugs(await markup("/en/newsletter"), "/en/newsletter/")).toContain(kept!.slug);
  });
});
