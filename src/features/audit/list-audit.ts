import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { auditListInputSchema } from "./schema.ts";

/** The audit trail for the admin "Auditoría" tab, newest first. */
export async function listAudit(db: DbClient, input: z.output<typeof auditListInputSchema>) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(input.action ? { action: input.action } : {}),
    ...(input.actor ? { actor_name: { equals: input.actor, mode: "insensitive" } } : {}),
    ...(input.target ? { target_id: input.target } : {}),
  };
  const [rows, total, actions] = await Promise.all([
    db.auditEntry.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
    }),
    db.auditEntry.count({ where }),
    db.auditEntry.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      outcome: r.outcome === "failure" ? ("failure" as const) : ("success" as const),
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
    actions: actions.map((a) => a.action),
  };
}
