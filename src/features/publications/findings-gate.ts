import { findingLines } from "~/features/grounding/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { latestReport } from "./revision-reports.ts";

/**
 * A draft whose verification report is not "verified" is approved only with the editor's explicit
 * `confirm_findings`; the findings they accepted are stored on the approving revision, with its author.
 */
export async function findingsGate(db: DbClient, row: { id: string; status: string }, confirmed: boolean) {
  if (row.status === "published") return [];
  const { report } = await latestReport(db, row.id);
  if (!report || report.status === "verified") return [];
  const findings = findingLines(report);
  if (!confirmed)
    throw new AppError(
      "CONFLICT",
      "confirm_findings: the verification found unsupported claims; confirm to approve anyway",
      { field: "confirm_findings", reason: "unverifiedDraft", details: { findings } },
    );
  return findings.length ? findings : [`status: ${report.status}`];
}
