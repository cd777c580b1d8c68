import { clientIp, enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { readerReportInputSchema, readerReportOutputSchema } from "./schema.ts";
import { submitReaderReport } from "./submit-report.ts";

export const readerReportsRouter = createTRPCRouter({
  submit: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reader-reports",
        tags: ["reader-reports"],
        summary: "Report an error in a published article",
      },
    })
    .input(readerReportInputSchema)
    .output(readerReportOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit("reader-report", clientIp(ctx.headers));
      return submitReaderReport(ctx.db, input);
    }),
});
