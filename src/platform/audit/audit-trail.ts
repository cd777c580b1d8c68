import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

export interface AuditTrailQuery {
  action?: string;
  actor?: string;
  target?: string;
  page: number;
  pageSize: number;
}

/** One page of the audit trail, newest first, with its total and every action recorded so far (for filters). */
export async function readAuditTrail(db: DbClient, query: AuditTrailQuery) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(query.action ? { action: query.action } : {}),
    ...(query.actor ? { actor_name: { equals: query.actor, mode: "insensitive" } } : {}),
    ...(query.target ? { target_id: query.target } : {}),
  };
  const [rows, total, actions] = await Promise.all([
    db.auditEntry.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.auditEntry.count({ where }),
    db.auditEntry.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  return { rows, total, actions: actions.map((a) => a.action) };
}
