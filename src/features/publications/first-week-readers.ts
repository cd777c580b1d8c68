import { firstWeekReaders } from "~/features/analytics/index.ts";
import { publishedDatesOf } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";

/**
 * The desk's "readers in the first 7 days" of the published articles among `slugs`, from their publication
 * day, or from its date when it was published before that was recorded (imported and seeded articles).
 * Drafts and unknown slugs are left out; an article nobody read shows 0.
 */
export async function deskFirstWeekReaders(
  db: DbClient,
  slugs: readonly string[],
): Promise<{ slug: string; readers: number }[]> {
  if (slugs.length === 0) return [];
  const articles = await publishedDatesOf(db, slugs);
  const published = articles.map((a) => ({ slug: a.slug, since: a.published_at ?? a.date }));
  const readers = await firstWeekReaders(
    db,
    published.map((a) => ({ kind: "article" as const, slug: a.slug, since: a.since })),
  );
  const order = new Map(slugs.map((s, i) => [s, i]));
  return published
    .map((a) => ({ slug: a.slug, readers: readers.get(`article:${a.slug}`) ?? 0 }))
    .sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
}
