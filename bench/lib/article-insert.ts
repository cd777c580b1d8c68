import pg from "pg";
import { type GeneratedArticle, type GeneratorOptions, generateArticles } from "./article-generator.ts";

const COLUMNS: [name: keyof GeneratedArticle, sqlType: string][] = [
  ["id", "text"],
  ["slug", "text"],
  ["title_es", "text"],
  ["title_en", "text"],
  ["summary_es", "text"],
  ["summary_en", "text"],
  ["body_es", "text"],
  ["body_en", "text"],
  ["date", "timestamptz"],
  ["topics", "text"],
  ["type", "text"],
  ["tags", "text"],
  ["sources", "text"],
  ["author", "text"],
  ["author_name", "text"],
  ["sponsored", "bool"],
  ["sponsor_label", "text"],
  ["featured", "bool"],
  ["is_static", "bool"],
  ["is_agent", "bool"],
  ["status", "text"],
  ["published_at", "timestamptz"],
];

/**
 * One multi-row INSERT per chunk: every column travels as one array parameter and is unnested server-side
 * (text[] columns as comma-joined strings, since unnest flattens multi-dimensional arrays).
 */
const INSERT_SQL = `INSERT INTO "articles" (${COLUMNS.map(([c]) => `"${c}"`).join(", ")}, "created_at", "updated_at")
SELECT id, slug, title_es, title_en, summary_es, summary_en, body_es, body_en, date,
       string_to_array(topics, ','), type, string_to_array(tags, ','), sources::jsonb, author, author_name,
       sponsored, sponsor_label, featured, is_static, is_agent, status::"ContentStatus", published_at, date, date
  FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})
    AS t(${COLUMNS.map(([c]) => c).join(", ")})`;

function toParams(rows: GeneratedArticle[]): unknown[] {
  return COLUMNS.map(([c]) =>
    rows.map((r) => {
      const v = r[c];
      if (c === "topics" || c === "tags") return (v as string[]).join(",");
      if (c === "sources") return JSON.stringify(v);
      return v;
    }),
  );
}

/**
 * Inserts `count` generated articles into the database at `url` in chunks, over `parallel` connections
 * (the generated tsvector columns make PostgreSQL's side CPU-bound). Returns the number inserted.
 */
export async function insertGeneratedArticles(
  url: string,
  count: number,
  opts: GeneratorOptions & { chunk?: number; parallel?: number; onProgress?: (done: number) => void } = {},
): Promise<number> {
  const chunk = opts.chunk ?? 1000;
  const pool = new pg.Pool({ connectionString: url, max: opts.parallel ?? 2 });
  const source = generateArticles(count, opts);
  let done = 0;
  const worker = async () => {
    for (;;) {
      const rows: GeneratedArticle[] = [];
      while (rows.length < chunk) {
        const r = source.next();
        if (r.done) break;
        rows.push(r.value);
      }
      if (!rows.length) return;
      await pool.query(INSERT_SQL, toParams(rows));
      done += rows.length;
      opts.onProgress?.(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, worker));
  } finally {
    await pool.end();
  }
  return done;
}
