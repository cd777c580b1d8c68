import { listAudit } from "~/platform/audit/audit.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { auditListInputSchema, auditListOutputSchema } from "~/shared/schemas/article-edit.ts";

export const adminAuditRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/audit", tags: ["admin"], summary: "Audit trail" } })
    .input(auditListInputSchema)
    .output(auditListOutputSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
