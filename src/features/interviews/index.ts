/** Interviews: published with referents; pages read through `interviewContent` (cached). */
export { interviewContent } from "./cache.ts";
export { listInterviewRefs } from "./reads.ts";
