import { Prisma } from "~/generated/prisma/client.ts";
import { joined, PUBLISHED_ONLY, type SearchableTable, translated } from "~/platform/db/searchable-table.ts";

/** Of the newest PROBE_ROWS published articles, at least COMMON_HITS match: the query is a common one. */
const PROBE_ROWS = 50;
const COMMON_HITS = 5;
/** Both paths look first among the newest WINDOW_ROWS published articles. */
const WINDOW_ROWS = 5000;

/**
 * CTEs ending in `article_matches(id)`: the ids of the newest `count` published articles matching the
 * query, found while reading few rows whatever the query's frequency (ranking every match of a common word
 * in 100,000 articles took seconds). Each row read costs about the same: a tsvector fetched from TOAST
 * (date-ordered scan) or a heap page (GIN bitmap). The planner misjudges both — it undercounts the first and
 * misestimates multi-word queries — so the path is chosen here, by a probe of the newest articles, and the
 * SQL leaves the planner one way to run each path:
 * - common (≥ 10% of the probe): the newest WINDOW_ROWS articles, walked newest first through the
 *   (status, date) index and checked one by one until `count` match — about count / frequency rows;
 * - rarer: the GIN indexes ANDed with the same window (OFFSET 0 keeps the planner from turning it back into
 *   a checked walk), so only the window's matches are read;
 * - when the window holds fewer than `count` matches: every match through the GIN indexes (then few; UNION
 *   drops the window's matches read twice).
 */
export function newestArticleMatches(matches: () => Prisma.Sql, count: number): Prisma.Sql {
  return Prisma.sql`
    article_probe AS MATERIALIZED (
      SELECT count(*) >= ${COMMON_HITS} AS common
        FROM (SELECT search_es, search_en FROM "articles" WHERE status = 'published'
               ORDER BY date DESC LIMIT ${PROBE_ROWS}) r
       WHERE ${matches()}),
    article_cutoff AS MATERIALIZED (
      SELECT date FROM "articles" WHERE status = 'published' ORDER BY date DESC OFFSET ${WINDOW_ROWS} LIMIT 1),
    article_recent AS MATERIALIZED (
      (SELECT id, date FROM (
         SELECT id, date, search_es, search_en FROM "articles" WHERE status = 'published'
          ORDER BY date DESC LIMIT ${WINDOW_ROWS}) w
        WHERE (SELECT common FROM article_probe) AND ${matches()}
        ORDER BY date DESC LIMIT ${count})
      UNION ALL
      (SELECT id, date FROM (
         SELECT id, date FROM "articles"
          WHERE status = 'published' AND ${matches()} AND NOT (SELECT common FROM article_probe)
            AND date >= coalesce((SELECT date FROM article_cutoff), '-infinity') OFFSET 0) w
        ORDER BY date DESC LIMIT ${count})),
    article_older AS (
      SELECT id, date FROM (
        SELECT id, date FROM "articles"
         WHERE status = 'published' AND ${matches()} AND (SELECT count(*) FROM article_recent) < ${count} OFFSET 0) o
       ORDER BY date DESC LIMIT ${count}),
    article_matches AS (
      SELECT id FROM (SELECT * FROM article_recent UNION SELECT * FROM article_older) c
       ORDER BY date DESC LIMIT ${count})`;
}

/** The rows of `article_matches` joined to their articles as `t`, for ranking them next to the other tables. */
export const articleMatchRows = Prisma.sql`article_matches m JOIN "articles" t ON t.id = m.id`;

/** Articles in the public search: published ones, by title, summary and body; the summary is the snippet's lead. */
export const articlesSearchable: SearchableTable<"article"> = {
  kind: "article",
  table: "articles",
  where: PUBLISHED_ONLY,
  title: translated("title"),
  body: joined(" ", translated("summary"), translated("body")),
  lead: translated("summary"),
  date: "date",
};
