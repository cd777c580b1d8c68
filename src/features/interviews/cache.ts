import { CONTENT_TTL, cached, cachedBySlug } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import {
  getFeaturedInterview,
  getInterview,
  listInterviewRefs,
  listInterviews,
  listInterviewsForReferent,
  publishedInterviewExists,
} from "./reads.ts";

/**
 * Data-cache tags: every list of published interviews (home, /entrevistas, referent profiles, sitemap) and one
 * per interview page. Interviews are seed-managed (no writer in the app), so the time limit refreshes them;
 * a writer would add an invalidate function here, as src/features/articles/cache.ts has.
 */
const interviewLists = () => ["public:interviews"];
const interviewTag = (slug: string) => `public:interview:${slug}`;

/** The interviews' reads for pages, the sitemap, share cards and the build's static params (data cache). */
export const interviewContent = {
  interviews: cached(
    "interviews.list",
    (opts: { topic?: string; limit?: number }) => listInterviews(db, opts),
    interviewLists,
    CONTENT_TTL,
  ),
  featuredInterview: cached("interviews.featured", () => getFeaturedInterview(db), interviewLists, CONTENT_TTL),
  interview: cachedBySlug(
    "interviews.bySlug",
    (slug: string) => getInterview(db, slug),
    (slug) => [interviewTag(slug)],
    CONTENT_TTL,
  ),
  /** Whether the interview page exists (the proxy's 404 check), expired with the page. */
  interviewExists: cachedBySlug(
    "interviews.exists",
    (slug: string) => publishedInterviewExists(db, slug),
    (slug) => [interviewTag(slug)],
    CONTENT_TTL,
  ),
  interviewRefs: cached("interviews.refs", () => listInterviewRefs(db), interviewLists, CONTENT_TTL),
  interviewsForReferent: cached(
    "interviews.forReferent",
    (slug: string) => listInterviewsForReferent(db, slug),
    interviewLists,
    CONTENT_TTL,
  ),
};
