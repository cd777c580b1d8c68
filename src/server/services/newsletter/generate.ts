import type { DbClient } from "~/server/db/client.ts";
import { AppError } from "~/server/errors.ts";
import type { NewsletterItem } from "~/shared/schemas/newsletter.ts";
import { type RankCandidate, rankTopFive } from "./ranking.ts";

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const NOTHING_PUBLISHED = "No hay artículos ni entrevistas publicados en los últimos 7 días";

type Candidate = RankCandidate & { item: NewsletterItem };

const dateFmt = (locale: string) =>
  new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "es-ES", {
    day: "numeric",
    month: "long",
    timeZone: "Europe/Madrid",
  });

/**
 * Builds the weekly 'Top 5' draft from what was published in the 7 days up to `now` (see ranking.ts for the
 * order). With nothing published it refuses (400) instead of creating an empty newsletter.
 */
export async function generateWeeklyNewsletter(db: DbClient, now = new Date()) {
  const weekStart = new Date(now.getTime() - WEEK_MS);
  const window = { status: "published" as const, date: { gte: weekStart, lte: now } };
  const [articles, interviews] = await Promise.all([
    db.article.findMany({
      where: window,
      select: {
        slug: true,
        title_es: true,
        title_en: true,
        summary_es: true,
        summary_en: true,
        featured: true,
        date: true,
        topics: true,
        tags: true,
        sponsored: true,
        type: true,
      },
    }),
    db.interview.findMany({
      where: window,
      select: {
        slug: true,
        title_es: true,
        title_en: true,
        intro_es: true,
        intro_en: true,
        featured: true,
        date: true,
        topics: true,
        sponsored: true,
      },
    }),
  ]);
  const candidates: Candidate[] = [
    ...articles.map((a) => ({
      kind: "article" as const,
      slug: a.slug,
      featured: a.featured,
      date: a.date,
      topics: a.topics,
      tags: a.tags,
      item: {
        kind: "article" as const,
        slug: a.slug,
        title_es: a.title_es,
        title_en: a.title_en,
        summary_es: a.summary_es,
        summary_en: a.summary_en,
        sponsored: a.sponsored || a.type === "novedad-industria",
        date: a.date.toISOString(),
      },
    })),
    ...interviews.map((i) => ({
      kind: "interview" as const,
      slug: i.slug,
      featured: i.featured,
      date: i.date,
      topics: i.topics,
      tags: [],
      item: {
        kind: "interview" as const,
        slug: i.slug,
        title_es: i.title_es,
        title_en: i.title_en,
        summary_es: i.intro_es,
        summary_en: i.intro_en,
        sponsored: i.sponsored,
        date: i.date.toISOString(),
      },
    })),
  ];
  if (candidates.length === 0) throw new AppError("BAD_REQUEST", NOTHING_PUBLISHED);
  const items = rankTopFive(candidates).map((c) => c.item);
  const lead = items[0]!;
  const range = (locale: string) => `${dateFmt(locale).format(weekStart)} – ${dateFmt(locale).format(now)}`;
  return db.newsletter.create({
    data: {
      subject_es: `Top 5 de la semana: ${lead.title_es}`,
      subject_en: `Top 5 of the week: ${lead.title_en ?? lead.title_es}`,
      intro_es: `Los ${items.length} desarrollos más relevantes sobre los riesgos de la IA (${range("es")}).`,
      intro_en: `The ${items.length} most relevant developments on AI risks (${range("en")}).`,
      items,
      status: "draft",
      week_start: weekStart,
    },
  });
}
