/** The review desk: the draft queue, approve/reject/schedule, editing with revisions, source checks and images. */
export { generateArticleImage } from "./article-image.ts";
export { adminMigrationRouter } from "./migration-router.ts";
export { publishDueArticlesJob } from "./publish-due-job.ts";
export { recordRevision } from "./record-revision.ts";
export { regenerateImageJob } from "./regenerate-image-job.ts";
export { adminRevisionsRouter } from "./revisions-router.ts";
export { adminPublicationsRouter } from "./router.ts";
export { checkSources, type SourceCheck } from "./source-policy.ts";
