import { articleBySlug } from "~/features/articles/index.ts";
import { publicVerification, type ReaderSource, readerSources } from "~/features/grounding/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { articleResponsibility, type Responsibility } from "./responsibility.ts";
import { revisionReports } from "./revision-reports.ts";

/** A correction as readers see it: its date and its note (English when the editor wrote one). */
export interface PublicCorrection {
  at: Date;
  es: string;
  en: string | null;
}

/** The corrections of one article, oldest first (the order they are read in at its end). */
export async function articleCorrections(db: DbClient, articleId: string): Promise<PublicCorrection[]> {
  const rows = await db.articleRevision.findMany({
    where: { article_id: articleId, correction_es: { not: null } },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: { created_at: true, correction_es: true, correction_en: true },
  });
  return rows.map((r) => ({ at: r.created_at, es: r.correction_es ?? "", en: r.correction_en }));
}

/** Every correction of a published article, newest first: /correcciones. */
export async function listCorrections(db: DbClient, limit = 500) {
  const rows = await db.articleRevision.findMany({
    where: { correction_es: { not: null }, article: { status: "published" } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      created_at: true,
      correction_es: true,
      correction_en: true,
      article: { select: { slug: true, title_es: true, title_en: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    es: r.correction_es ?? "",
    en: r.correction_en,
    slug: r.article.slug,
    title_es: r.article.title_es,
    title_en: r.article.title_en,
  }));
}

/**
 * What readers see beside a published article: the sources it lists that the site could read (or never
 * tried to), how it was checked (if it was), its corrections, and who answers for it if an agent drafted it.
 */
export async function readerNotes(db: DbClient, slug: string) {
  const article = await articleBySlug(db, slug);
  if (article?.status !== "published")
    return {
      sources: [] as ReaderSource[],
      verification: null,
      corrections: [] as PublicCorrection[],
      responsibility: null as Responsibility,
    };
  const [sources, verification, corrections, responsibility] = await Promise.all([
    readerSources(db, article),
    publicVerification(db, revisionReports, slug),
    articleCorrections(db, article.id),
    articleResponsibility(db, article),
  ]);
  return { sources, verification, corrections, responsibility };
}

/**
 * The article's JSON-LD about its corrections: each as a schema.org CorrectionComment, and dateModified no
 * earlier than the newest of them.
 */
export function correctionsJsonLd(corrections: PublicCorrection[], updatedAt: Date, locale: "es" | "en") {
  const newest = corrections.reduce((max, c) => (c.at > max ? c.at : max), updatedAt);
  return {
    dateModified: newest.toISOString(),
    ...(corrections.length
      ? {
          correction: corrections.map((c) => ({
            "@type": "CorrectionComment",
            text: locale === "en" && c.en ? c.en : c.es,
            datePublished: c.at.toISOString(),
          })),
        }
      : {}),
  };
}
