/** The review desk: the draft queue, approve/reject/schedule, editing with revisions, source checks and images. */
export { generateArticleImage } from "./article-image.ts";
export { fetchMoreRunSources, fetchRunSources } from "./fetch-sources.ts";
export {
  deleteReplacedImageJob,
  linkCheckJob,
  publishDueArticlesJob,
  regenerateImageJob,
} from "./jobs.ts";
export { verificationContent } from "./public-cache.ts";
export { correctionsJsonLd, listCorrections, type PublicCorrection, readerNotes } from "./public-corrections.ts";
export { type PublicVerification, publicVerification } from "./public-verification.ts";
export { changeArticle, recordRevision } from "./record-revision.ts";
export { adminRevisionsRouter } from "./revisions-router.ts";
export { adminPublicationsRouter } from "./router.ts";
export { checkSources, type SourceCheck } from "./source-policy.ts";
export { attachRunSnapshots, runSnapshots, type SnapshotView } from "./source-snapshots.ts";
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
export { adminVerificationRouter } from "./verification-router.ts";
export { type CheckedContent, verifyContent } from "./verify-article.ts";
