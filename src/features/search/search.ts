import { articleMatchRows, articlesSearchable, newestArticleMatches } from "~/features/articles/index.ts";
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type SearchHit,
  type SearchKind,
  searchInputSchema,
} from "~/features/articles/schema.ts";
import { directoriesSearchable } from "~/features/directories/index.ts";
import { interviewsSearchable } from "~/features/interviews/index.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { SearchableTable } from "~/platform/db/searchable-table.ts";

/** The searchable tables, each described by its owning feature. */
const SOURCES: SearchableTable<SearchKind>[] = [articlesSearchable, interviewsSearchable, ...directoriesSearchable];

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Ranked full-text search over the public content in both languages: the query is parsed with the Spanish
 * and the English configurations (both accent-insensitive) and a row matches if either vector does; the
 * snippet comes from the reader's language with the matches highlighted.
 *
 * At scale (see bench/search-scale.ts): of the articles, only the newest 2 × limit matches are ranked
 * (newestArticleMatches; ranking every match of a common word took seconds), the other, small tables rank
 * every match, and snippets — ts_headline re-parses the text, the costliest step — are made only for the
 * page returned, from an article's summary alone when it holds a match.
 */
export async function searchContent(db: DbClient, rawInput: { q: string; locale?: "es" | "en"; limit?: number }) {
  const { q, locale, limit } = searchInputSchema.parse(rawInput);
  const config = locale === "en" ? "en_unaccent" : "es_unaccent";
  const [own, qOwn, qOther] = locale === "en" ? ["search_en", "q_en", "q_es"] : ["search_es", "q_es", "q_en"];
  // Where the articles' matches are looked up, the tsqueries are inlined (not read from the q CTE) so the
  // planner sees constants and estimates from the column statistics.
  const articleMatch = () =>
    Prisma.sql`(search_es @@ websearch_to_tsquery('es_unaccent'::regconfig, ${q})
                OR search_en @@ websearch_to_tsquery('en_unaccent'::regconfig, ${q}))`;
  const rank = Prisma.raw("greatest(ts_rank_cd(t.search_es, q_es, 32), ts_rank_cd(t.search_en, q_en, 32))::float8");

  const ranked = SOURCES.map((s) =>
    s.kind === "article"
      ? Prisma.sql`
      SELECT ${s.kind}::text AS kind, t.id, ${Prisma.raw(s.title[locale])} AS title, t.date, ${rank} AS rank
        FROM ${articleMatchRows}, q`
      : Prisma.sql`
      SELECT ${s.kind}::text AS kind, t.id, ${Prisma.raw(s.title[locale])} AS title, ${Prisma.raw(s.date)} AS date,
             ${rank} AS rank
        FROM ${Prisma.raw(`"${s.table}"`)} t, q
       WHERE ${Prisma.raw(s.where)} AND (t.search_es @@ q_es OR t.search_en @@ q_en)`,
  );
  // s.body names its table's columns unqualified: they clash with none of top's (kind, id, title, date, rank).
  const headline = (text: string, query: string) =>
    Prisma.sql`ts_headline(${config}::regconfig, ${Prisma.raw(text)}, ${Prisma.raw(query)}, ${HEADLINE_OPTIONS})`;
  const snippets = SOURCES.map((s) => {
    const full = Prisma.sql`CASE WHEN t.${Prisma.raw(own)} @@ ${Prisma.raw(qOwn)} THEN ${headline(s.body[locale], qOwn)}
                                 ELSE ${headline(s.body[locale], qOther)} END`;
    // ts_headline parses the whole text: the short lead alone, when it matches, costs a fraction of the body.
    const snippet = s.lead
      ? Prisma.sql`CASE WHEN to_tsvector(${config}::regconfig, ${Prisma.raw(s.lead[locale])}) @@ ${Prisma.raw(qOwn)}
                        THEN ${headline(s.lead[locale], qOwn)} ELSE ${full} END`
      : full;
    return Prisma.sql`
      SELECT top.kind, t.slug, top.title, top.rank, top.date, ${snippet} AS snippet
        FROM top JOIN ${Prisma.raw(`"${s.table}"`)} t ON t.id = top.id, q
       WHERE top.kind = ${s.kind}`;
  });
  const rows = await db.$queryRaw<SearchHit[]>`
    WITH q AS MATERIALIZED (SELECT websearch_to_tsquery('es_unaccent'::regconfig, ${q}) AS q_es,
                                   websearch_to_tsquery('en_unaccent'::regconfig, ${q}) AS q_en),
    ${newestArticleMatches(articleMatch, 2 * limit)},
    top AS MATERIALIZED (
      SELECT * FROM (${Prisma.join(ranked, " UNION ALL ")}) hits
       ORDER BY rank DESC, date DESC NULLS LAST, title ASC
       LIMIT ${limit})
    SELECT kind, slug, title, snippet, rank, date FROM (${Prisma.join(snippets, " UNION ALL ")}) page
     ORDER BY rank DESC, date DESC NULLS LAST, title ASC`;
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
