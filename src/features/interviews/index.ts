/** Interviews: published with referents; pages, the sitemap and share cards read through `interviewContent`. */
export { interviewContent } from "./cache.ts";
export { publishedInterviewsIn } from "./published-in-window.ts";
export { interviewsSearchable } from "./searchable.ts";
