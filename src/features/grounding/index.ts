/**
 * Grounding: reading the official sources (the allow-list, the fetcher, the snapshots), the verifier that checks
 * a draft against them, the reports' service and router, and the link check that re-reads published articles'
 * sources (dead, moved and changed ones). Reports are stored where the caller keeps them (ReportStore).
 */
export { fetchMoreRunSources, fetchRunSources } from "./fetch-sources.ts";
export { defineLinkCheckJob } from "./jobs.ts";
export { publicSourceFacts, type SourceReliedFacts } from "./public-facts.ts";
export { type PublicVerification, publicVerification } from "./public-verification.ts";
export { type ReaderSource, readerSources, readerSourcesOf, wasRead } from "./reader-sources.ts";
export type { ReportConfirmation, ReportStore } from "./report-store.ts";
export { checkSources, isOfficialSource, type SourceCheck } from "./source-policy.ts";
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
export { reportForEdit } from "./verification-service.ts";
export { type CheckedContent, checkedContentOf, findingLines, verifyContent } from "./verify-article.ts";
