import { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/server/db/client.ts";
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type SearchHit,
  type SearchKind,
  searchInputSchema,
} from "~/shared/schemas/public-content.ts";

/**
 * One searchable table: its generated tsvector columns (migration 20261121200000_full_text_search) and the
 * text shown per language. Only public rows take part (published articles and interviews).
 */
interface Source {
  kind: SearchKind;
  table: string;
  where: string;
  title: { es: string; en: string };
  body: { es: string; en: string };
  date: string;
}

const SOURCES: Source[] = [
  {
    kind: "article",
    table: "articles",
    where: `status = 'published'`,
    title: { es: "title_es", en: "coalesce(title_en, title_es)" },
    body: {
      es: "summary_es || ' ' || body_es",
      en: "coalesce(summary_en, summary_es) || ' ' || coalesce(body_en, body_es)",
    },
    date: "date",
  },
  {
    kind: "interview",
    table: "interviews",
    where: `status = 'published'`,
    title: { es: "title_es", en: "coalesce(title_en, title_es)" },
    body: { es: "intro_es", en: "coalesce(intro_en, intro_es)" },
    date: "date",
  },
  {
    kind: "referent",
    table: "referents",
    where: "true",
    title: { es: "name", en: "name" },
    body: { es: "role_es || '. ' || bio_es", en: "coalesce(role_en, role_es) || '. ' || coalesce(bio_en, bio_es)" },
    date: "NULL::timestamptz",
  },
  {
    kind: "company",
    table: "companies",
    where: "true",
    title: { es: "name", en: "name" },
    body: { es: "summary_es", en: "coalesce(summary_en, summary_es)" },
    date: "NULL::timestamptz",
  },
  {
    kind: "application",
    table: "applications",
    where: "true",
    title: { es: "name", en: "name" },
    body: { es: "description_es", en: "coalesce(description_en, description_es)" },
    date: "NULL::timestamptz",
  },
  {
    kind: "resource",
    table: "resources",
    where: "true",
    title: { es: "title_es", en: "coalesce(title_en, title_es)" },
    body: { es: "summary_es", en: "coalesce(summary_en, summary_es)" },
    date: "date",
  },
];

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Ranked full-text search over the public content in both languages: the query is parsed with the Spanish
 * and the English configurations (both accent-insensitive) and a row matches if either vector does; the
 * snippet comes from the reader's language with the matches highlighted.
 */
export async function searchContent(db: DbClient, rawInput: { q: string; locale?: "es" | "en"; limit?: number }) {
  const { q, locale, limit } = searchInputSchema.parse(rawInput);
  const config = locale === "en" ? "en_unaccent" : "es_unaccent";
  const parts = SOURCES.map((s) => {
    const title = s.title[locale];
    const body = s.body[locale];
    return Prisma.sql`
      SELECT ${s.kind}::text AS kind, slug, ${Prisma.raw(title)} AS title,
             ts_headline(${config}::regconfig, ${Prisma.raw(body)},
                         CASE WHEN ${Prisma.raw(locale === "en" ? "search_en" : "search_es")} @@ ${Prisma.raw(locale === "en" ? "q_en" : "q_es")}
                              THEN ${Prisma.raw(locale === "en" ? "q_en" : "q_es")} ELSE ${Prisma.raw(locale === "en" ? "q_es" : "q_en")} END,
                         ${HEADLINE_OPTIONS}) AS snippet,
             greatest(ts_rank_cd(search_es, q_es, 32), ts_rank_cd(search_en, q_en, 32))::float8 AS rank,
             ${Prisma.raw(s.date)} AS date
        FROM ${Prisma.raw(`"${s.table}"`)}, q
       WHERE ${Prisma.raw(s.where)} AND (search_es @@ q_es OR search_en @@ q_en)`;
  });
  const rows = await db.$queryRaw<SearchHit[]>`
    WITH q AS (SELECT websearch_to_tsquery('es_unaccent'::regconfig, ${q}) AS q_es,
                      websearch_to_tsquery('en_unaccent'::regconfig, ${q}) AS q_en)
    SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) hits
    ORDER BY rank DESC, date DESC NULLS LAST, title ASC
    LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
