/** Interviews: published with referents; pages read through `interviewContent` (cached). */
export { interviewContent } from "./cache.ts";
export { type InterviewDto, listInterviewRefs } from "./reads.ts";
