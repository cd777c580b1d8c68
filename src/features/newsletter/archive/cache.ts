import { CONTENT_TTL, cached, cachedBySlug } from "~/platform/cache/cached.ts";
import { expireTags } from "~/platform/cache/expire-tags.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { getArchivedNewsletter, listArchivedNewsletters } from "./archive.ts";

/** Data-cache tags of the public archive: its list (and the sitemap's refs), and one per issue page. */
const ARCHIVE = "public:newsletters";
const issueTag = (slug: string) => `public:newsletter:${slug}`;

/** The archive's reads for pages, the sitemap and share cards, through Next's data cache. */
export const newsletterContent = {
  archive: cached(
    "newsletters.archive",
    () => listArchivedNewsletters(db),
    () => [ARCHIVE],
    CONTENT_TTL,
  ),
  issue: cachedBySlug(
    "newsletters.bySlug",
    (slug: string) => getArchivedNewsletter(db, slug),
    (slug) => [issueTag(slug)],
    CONTENT_TTL,
  ),
};

/** Call after a newsletter is sent or deleted: the archive list and its page show it (or not) at once. */
export async function invalidateNewsletterArchive(change: { slug?: string | null }): Promise<void> {
  await expireTags([ARCHIVE, ...(change.slug ? [issueTag(change.slug)] : [])]);
}

/** Ends a send (finalizeNewsletter) and puts the issue in the public archive's list at once. */
export async function finalizeAndPublish(
  db: DbClient,
  newsletterId: string,
  finalize: (
    db: DbClient,
    id: string,
  ) => Promise<{ id: string; status: string; sent_count: number; recipient_count: number }>,
) {
  const done = await finalize(db, newsletterId);
  const row = await db.newsletter.findUnique({ where: { id: newsletterId }, select: { slug: true } });
  await invalidateNewsletterArchive({ slug: row?.slug });
  return done;
}
