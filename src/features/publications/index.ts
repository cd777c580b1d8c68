/** The review desk: the draft queue, approve/reject/schedule, editing with revisions, corrections and images. */
export { generateArticleImage } from "./article-image.ts";
export { deleteReplacedImageJob, publishDueArticlesJob, regenerateImageJob } from "./jobs.ts";
export { verificationContent } from "./public-cache.ts";
export { correctionsJsonLd, listCorrections, type PublicCorrection, readerNotes } from "./public-corrections.ts";
export { readerFacts } from "./public-facts.ts";
export { changeArticle, recordRevision } from "./record-revision.ts";
export { revisionReports } from "./revision-reports.ts";
export { adminRevisionsRouter } from "./revisions-router.ts";
export { adminPublicationsRouter } from "./router.ts";
