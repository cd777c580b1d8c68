import { z } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { dismissReaderReport, listReaderReports } from "./admin-reports.ts";
import { replyToReaderReport } from "./reply-report.ts";
import {
  readerReportDismissSchema,
  readerReportListInputSchema,
  readerReportListSchema,
  readerReportReplySchema,
} from "./schema.ts";

const tags = ["admin"];
const success = z.object({ success: z.boolean() });

/** "Avisos de lectores": the list, and the two outcomes an editor records here (a correction is the desk's edit). */
export const adminReaderReportsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/reader-reports", tags, summary: "Readers' error reports" } })
    .input(readerReportListInputSchema)
    .output(readerReportListSchema)
    .query(({ ctx, input }) => listReaderReports(ctx.db, input)),
  dismiss: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/reader-reports/{id}/dismiss",
        tags,
        summary: "Dismiss a reader's report, with a reason",
      },
      audit: { action: "reader_report.dismiss", target: "reader_report" },
    })
    .input(readerReportDismissSchema)
    .output(success)
    .mutation(({ ctx, input }) => dismissReaderReport(ctx.db, input, actorFromSession(ctx.session))),
  reply: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/reader-reports/{id}/reply",
        tags,
        summary: "Reply to a reader's report by e-mail",
      },
      audit: { action: "reader_report.reply", target: "reader_report" },
    })
    .input(readerReportReplySchema)
    .output(success)
    .mutation(({ ctx, input }) => replyToReaderReport(ctx.db, input, actorFromSession(ctx.session))),
});
