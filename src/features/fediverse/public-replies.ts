import { articlePageTags } from "~/features/articles/index.ts";
import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import { approvedReplies } from "./desk-replies.ts";

/**
 * An article's approved fediverse replies in one language, under the article page's own tag: an approval, a
 * rejection, or an approved reply's edit or deletion expires it with the page (invalidateRepliesOf, cache.ts).
 */
export const fediverseRepliesContent = cached(
  "fediverse.replies",
  (slug: string, locale: string) => approvedReplies(db, slug, locale),
  (slug) => articlePageTags(slug),
  CONTENT_TTL,
);
