import { CONTENT_TTL, cached, cachedBySlug } from "~/platform/cache/cached.ts";
import { CACHE_TAGS } from "~/platform/cache/tags.ts";
import { db } from "~/platform/db/db.ts";
import {
  getFeaturedInterview,
  getInterview,
  listInterviewRefs,
  listInterviews,
  listInterviewsForReferent,
} from "./reads.ts";

const interviewLists = () => [CACHE_TAGS.interviews];

/** The interviews' reads for pages, through Next's data cache (expired by revalidatePublicContent). */
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
    (slug) => [CACHE_TAGS.interview(slug)],
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
