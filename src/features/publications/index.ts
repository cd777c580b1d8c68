export { messageSchema } from "~/platform/http/common-schemas.ts";
export { generateArticleImage } from "./article-image.ts";
export { publishDueArticlesJob, regenerateImageJob } from "./jobs.ts";
export { adminMigrationRouter } from "./migration-router.ts";
export { recordRevision } from "./record-revision.ts";
export { adminRevisionsRouter } from "./revisions-router.ts";
export { adminPublicationsRouter } from "./router.ts";
export { checkSources, isOfficialSource, type SourceCheck } from "./source-policy.ts";
