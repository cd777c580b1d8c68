/** The review desk: the draft queue, approve/reject/schedule, editing with revisions, source checks and images. */
export { generateArticleImage } from "./article-image.ts";
export { publishDueArticlesJob, regenerateImageJob } from "./jobs.ts";
export { adminMigrationRouter } from "./migration-router.ts";
export { recordRevision } from "./record-revision.ts";
export { adminRevisionsRouter } from "./revisions-router.ts";
export { adminPublicationsRouter } from "./router.ts";
export { checkSources, type SourceCheck } from "./source-policy.ts";
export {
  type CheckKind,
  type ClaimResult,
  type DraftForCheck,
  type Finding,
  type SourceForCheck,
  type SourceResult,
  splitSentences,
  type TiedSentence,
  type VerificationReport,
  type VerificationStatus,
  verifyDraft,
} from "./verification/index.ts";
