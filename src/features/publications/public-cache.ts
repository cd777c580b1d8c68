import { articlePageTags } from "~/features/articles/index.ts";
import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import { publicVerification } from "./public-verification.ts";

/**
 * The verification readers see, through the data cache under the article page's own tag: a new report,
 * an edit or a correction expires it with the page (invalidateArticles). Stored as `{ verification }` so an
 * article without a report is cached too and its page asks the database nothing more.
 */
export const verificationContent = {
  article: cached(
    "publications.publicVerification",
    async (slug: string) => ({ verification: await publicVerification(db, slug) }),
    (slug) => articlePageTags(slug),
    CONTENT_TTL,
  ),
};
