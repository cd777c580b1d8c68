import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HIGHLIGHT_START } from "~/features/articles/schema.ts";
import { searchContent } from "~/features/search/search.ts";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { entityNamesByFrequency } from "../../bench/lib/article-generator.ts";
import { insertGeneratedArticles } from "../../bench/lib/article-insert.ts";
import { freshDatabase } from "../support/fresh-database.ts";

// More articles than the search's recent window (5,000), so every way it finds an article's newest matches
// runs: a common word (date-ordered scan), a rarer one (GIN within the window) and a rare one (all matches).
const ARTICLES = 6000;
const entities = entityNamesByFrequency();

let url: string;
let db: DbClient;
let client: pg.Client;

beforeAll(async () => {
  url = await freshDatabase(inject("adminDatabaseUrl"), "search_scale", inject("migratedTemplate"));
  await insertGeneratedArticles(url, ARTICLES);
  db = createPrismaClient(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("ANALYZE");
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  await client?.end();
});

/** What the search must return: the newest 2 × limit published matches, ranked, best first. */
async function expected(q: string, limit = 30) {
  const { rows } = await client.query<{ slug: string }>(
    `WITH q AS (SELECT websearch_to_tsquery('es_unaccent'::regconfig, $1) AS q_es,
                       websearch_to_tsquery('en_unaccent'::regconfig, $1) AS q_en),
     m AS (SELECT slug, title_es, date,
                  greatest(ts_rank_cd(search_es, q_es, 32), ts_rank_cd(search_en, q_en, 32))::float8 AS rank
             FROM articles, q
            WHERE status = 'published' AND (search_es @@ q_es OR search_en @@ q_en)
            ORDER BY date DESC LIMIT $2)
     SELECT slug FROM m ORDER BY rank DESC, date DESC, title_es ASC LIMIT $3`,
    [q, 2 * limit, limit],
  );
  return rows.map((r) => r.slug);
}

/** Hits whose summary or body (in the reader's language) holds a match: their snippets must highlight it. */
async function withTextMatch(slugs: string[], q: string, locale: "es" | "en") {
  const config = locale === "en" ? "en_unaccent" : "es_unaccent";
  const text =
    locale === "en"
      ? "coalesce(summary_en, summary_es) || ' ' || coalesce(body_en, body_es)"
      : "summary_es || ' ' || body_es";
  const { rows } = await client.query<{ slug: string }>(
    `SELECT slug FROM articles WHERE slug = ANY($1)
        AND to_tsvector('${config}'::regconfig, ${text}) @@ websearch_to_tsquery('${config}'::regconfig, $2)`,
    [slugs, q],
  );
  return new Set(rows.map((r) => r.slug));
}

describe("full-text search over thousands of articles", () => {
  it.each([
    ["riesgo"],
    ["inteligencia artificial"],
    [entities[5]!],
    [entities[20]!],
    [entities[40]!],
    [entities[80]!],
    ["neuroderechos"],
    ['"pérdida de control"'],
    ["zorblaxiano"],
  ])("ranks the newest matches of %s", async (q) => {
    const hits = await searchContent(db, { q, locale: "es" });
    expect(hits.map((h) => h.slug)).toEqual(await expected(q));
    const highlighted = await withTextMatch(
      hits.map((h) => h.slug),
      q,
      "es",
    );
    for (const h of hits) if (highlighted.has(h.slug)) expect(h.snippet).toContain(HIGHLIGHT_START);
  });

  it("honours the limit and the reader's language", async () => {
    const hits = await searchContent(db, { q: "safety evaluations", locale: "en", limit: 10 });
    expect(hits.map((h) => h.slug)).toEqual(await expected("safety evaluations", 10));
    const { rows } = await client.query("SELECT title_en FROM articles WHERE slug = $1", [hits[0]!.slug]);
    expect(hits[0]!.title).toBe(rows[0].title_en);
    const highlighted = await withTextMatch(
      hits.map((h) => h.slug),
      "safety evaluations",
      "en",
    );
    expect(highlighted.size).toBeGreaterThan(0);
    for (const h of hits) if (highlighted.has(h.slug)) expect(h.snippet).toContain(HIGHLIGHT_START);
  });
});
