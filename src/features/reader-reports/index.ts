/**
 * Reader reports ("¿Has visto un error?"): the article's form (POST /api/reader-reports), the desk's list
 * "Avisos de lectores" with its outcomes, and the one e-mail a reporter gets when a correction is published.
 */
export { adminReaderReportsRouter } from "./admin-router.ts";
export type { PublishedCorrection } from "./correction-notice.ts";
export { correctionPublished, correctionPublishedJob } from "./jobs.ts";
export { readerReportsRouter } from "./router.ts";
