import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { VerificationReport } from "./verification/index.ts";

/** An editor's approval over findings: who, when, and the findings they accepted. */
export interface ReportConfirmation {
  by: string;
  at: Date;
  findings: string[];
}

/**
 * Where an article's reports are kept: with its revisions (a "verify" revision carries a new one), which the
 * desk owns. Grounding reads and stores reports through this port and the desk hands in its own
 * (publications' `revisionReports`), so the verifier never imports the desk that uses it.
 */
export interface ReportStore {
  /** The article's newest report, and the newest confirmation of findings on it (if anyone confirmed). */
  latest(
    db: DbClient,
    articleId: string,
  ): Promise<{ report: VerificationReport | null; confirmation: ReportConfirmation | null }>;
  /** Whether the article has a report at all (grounded drafts, re-verified articles): its saves are checked. */
  hasReport(db: DbClient, articleId: string): Promise<boolean>;
  /** Stores a new report of the article as it stands, by `actor`. */
  record(db: DbClient, slug: string, report: VerificationReport, actor: Actor): Promise<void>;
}
