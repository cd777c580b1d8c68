import type { ReportStore, VerificationReport } from "~/features/grounding/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { changeArticle } from "./record-revision.ts";

/** The newest report stored with the article's revisions, and who confirmed findings on it (if anyone). */
export async function latestReport(db: DbClient, articleId: string) {
  const rev = await db.articleRevision.findFirst({
    where: { article_id: articleId, verification_status: { not: null } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  const confirmation = await db.articleRevision.findFirst({
    where: { article_id: articleId, confirmed_findings: { isEmpty: false } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  return {
    report: rev ? (rev.verification as unknown as VerificationReport) : null,
    confirmation: confirmation
      ? { by: confirmation.actor_name, at: confirmation.created_at, findings: confirmation.confirmed_findings }
      : null,
  };
}

/** An article is checked on save once it has a report (grounded drafts, re-verified articles). */
async function isGroundedArticle(db: DbClient, articleId: string) {
  const reports = await db.articleRevision.count({
    where: { article_id: articleId, verification_status: { not: null } },
  });
  return reports > 0;
}

/**
 * Reports live on the article's revisions: a new one is a "verify" revision. Grounding reads and stores them
 * through this (its ReportStore port), since the revisions table is the desk's.
 */
export const revisionReports: ReportStore = {
  latest: latestReport,
  hasReport: isGroundedArticle,
  record: async (db, slug, report, actor) => {
    await changeArticle(db, slug, {}, { action: "verify", actor, verification: report });
  },
};
