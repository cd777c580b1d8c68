import { articleListTags, articlePageTags } from "~/features/articles/index.ts";
import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import { listCorrections, readerNotes } from "./public-corrections.ts";
import { readerFacts } from "./public-facts.ts";
import { articlesReviewedBy } from "./responsibility.ts";

/**
 * What readers see of the desk's work, through the data cache: an article's verification and corrections
 * under the article page's own tag, the corrections page under the articles' lists tag. A new report, an
 * edit or a correction expires them with the page, the feeds and the sitemap (invalidateArticles). An
 * article without either is cached too, so its page asks the database nothing more.
 */
export const verificationContent = {
  article: cached("publications.readerNotes", (slug: string) => readerNotes(db, slug), articlePageTags, CONTENT_TTL),
  corrections: cached("publications.corrections", () => listCorrections(db), articleListTags, CONTENT_TTL),
  // Under the page's tag with its report: a new report (a re-check storing new copies) expires both at once.
  /** An editor's author page: the articles they answer for, expired with every list (approvals publish). */
  reviewedBy: cached(
    "publications.reviewedBy",
    (id: string) => articlesReviewedBy(db, id),
    articleListTags,
    CONTENT_TTL,
  ),
  facts: cached("publications.readerFacts", (slug: string) => readerFacts(db, slug), articlePageTags, CONTENT_TTL),
};
