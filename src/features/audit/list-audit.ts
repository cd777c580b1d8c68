import type { z } from "zod";
import { readAuditTrail } from "~/platform/audit/audit-trail.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { auditListInputSchema } from "./schema.ts";

/** The audit trail for the admin "Auditoría" tab, newest first (the table is platform/audit's). */
export async function listAudit(db: DbClient, input: z.output<typeof auditListInputSchema>) {
  const { rows, total, actions } = await readAuditTrail(db, input);
  return {
    items: rows.map((r) => ({
      ...r,
      outcome: r.outcome === "failure" ? ("failure" as const) : ("success" as const),
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
    actions,
  };
}
