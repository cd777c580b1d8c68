import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listAudit } from "./list-audit.ts";
import { auditListInputSchema, auditListOutputSchema } from "./schema.ts";

export const adminAuditRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/audit", tags: ["admin"], summary: "Audit trail" } })
    .input(auditListInputSchema)
    .output(auditListOutputSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
