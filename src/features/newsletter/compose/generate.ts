import { dailyReaders } from "~/features/analytics/index.ts";
import { publishedArticlesIn } from "~/features/articles/index.ts";
import { readerSourcesOf } from "~/features/grounding/index.ts";
import { publishedInterviewsIn } from "~/features/interviews/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import type { NewsletterItem } from "../schema.ts";
import { topicInterest } from "../stats/clicks.ts";
import { createWithSlug } from "./archive-slug.ts";
import { type RankCandidate, rankTopFive } from "./ranking.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The API's answer when nothing can go in the newsletter (Spanish, as it always has been). */
export const NOTHING_PUBLISHED = translatorFor("es", "errors")("nothingPublished");
const TOP = 5;

type Candidate = RankCandidate & { item: NewsletterItem };

const dateFmt = (locale: string) =>
  new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "es-ES", {
    day: "numeric",
    month: "long",
    timeZone: "Europe/Madrid",
  });

/** An article's sources readers may see (grounding's rule): the well-formed http(s) ones, at most 10. */
function listedSources(raw: unknown): { name: string; url: string }[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((s) => {
      const { name, url } = (s ?? {}) as { name?: unknown; url?: unknown };
      return typeof url === "string" && /^https?:\/\//.test(url)
        ? [{ name: typeof name === "string" ? name : url, url }]
        : [];
    })
    .slice(0, 10);
}

type Window = { gte?: Date; lt?: Date; lte?: Date };

/** Published articles and interviews in a date window as ranking candidates, leaving out `skip` (kind:slug). */
async function loadCandidates(db: DbClient, date: Window, skip: Set<string>, take?: number): Promise<Candidate[]> {
  const notIn = (kind: string) =>
    [...skip].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
  const [articles, interviews] = await Promise.all([
    publishedArticlesIn(db, { date, skip: notIn("article"), take }),
    publishedInterviewsIn(db, { date, skip: notIn("interview"), take }),
  ]);
  // The e-mail and the archive never link a source the site could not read.
  const shown = await readerSourcesOf(db, articles);
  return [
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
        topics: a.topics,
        sources: listedSources(shown.get(a.id)),
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
        topics: i.topics,
      },
    })),
  ];
}

/** kind:slug of every piece a sent newsletter already carried. */
async function carriedPieces(db: DbClient): Promise<Set<string>> {
  const sent = await db.newsletter.findMany({ where: { status: "sent" }, select: { items: true } });
  return new Set(sent.flatMap((n) => (n.items as NewsletterItem[]).map((i) => `${i.kind}:${i.slug}`)));
}

/**
 * Builds the weekly 'Top 5' draft: the most relevant pieces published in the 7 days up to `now` (see
 * ranking.ts for the order); when there are fewer than 5, the most recent earlier pieces that no sent
 * newsletter carried fill the rest (a new site's bundled content, a quiet week). With nothing published at
 * all it refuses (400) instead of creating an empty newsletter.
 */
export async function generateWeeklyNewsletter(db: DbClient, now = new Date()) {
  const weekStart = new Date(now.getTime() - WEEK_MS);
  const week = rankTopFive(
    await loadCandidates(db, { gte: weekStart, lte: now }, new Set()),
    TOP,
    await topicInterest(db, now),
    await dailyReaders(db, weekStart, now),
  );
  const need = TOP - week.length;
  const fill =
    need > 0
      ? (await loadCandidates(db, { lt: weekStart }, await carriedPieces(db), need))
          .sort((a, b) => b.date.getTime() - a.date.getTime() || a.slug.localeCompare(b.slug))
          .slice(0, need)
      : [];
  const items = [...week, ...fill].map((c) => c.item);
  if (items.length === 0) throw new AppError("BAD_REQUEST", NOTHING_PUBLISHED, { reason: "nothingPublished" });
  const lead = items[0]!;
  const [es, en] = [translatorFor("es", "adminNewsletters"), translatorFor("en", "adminNewsletters")];
  const range = (locale: string) => `${dateFmt(locale).format(weekStart)} – ${dateFmt(locale).format(now)}`;
  return createWithSlug(db, now, (slug) => ({
    slug,
    subject_es: es("outcomes.draftSubject", { title: lead.title_es }),
    subject_en: en("outcomes.draftSubject", { title: lead.title_en ?? lead.title_es }),
    intro_es: es("outcomes.draftIntro", { count: items.length, range: range("es") }),
    intro_en: en("outcomes.draftIntro", { count: items.length, range: range("en") }),
    items,
    status: "draft",
    week_start: weekStart,
  }));
}
