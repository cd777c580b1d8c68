import { z } from "zod";
import { emptyInputSchema, localeSchema } from "~/platform/http/common-schemas.ts";
import { clientIp, enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { deleteNewsletter, listNewsletters } from "./admin.ts";
import { generateWeeklyNewsletter } from "./compose/generate.ts";
import { openAlerts } from "./health/health.ts";
import { requestNewsletterSend, resumePausedSend } from "./jobs.ts";
import { newsletterAlertSchema, newsletterIdInputSchema, newsletterSchema } from "./schema.ts";
import { cancelNewsletterSend } from "./send/send-control.ts";
import { sendNewsletterTest } from "./send/test-send.ts";

/** A newsletter just generated is a draft: nothing is being sent, so no ETA and nothing stalled. */
const toDto = (n: Awaited<ReturnType<typeof generateWeeklyNewsletter>>) =>
  newsletterSchema.parse({ ...n, eta_seconds: null, stalled: false });

export const adminNewslettersRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/newsletters", tags: ["admin"], summary: "Newsletters" } })
    .input(emptyInputSchema.optional())
    .output(z.array(newsletterSchema))
    .query(({ ctx }) => listNewsletters(ctx.db)),
  alerts: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/newsletters/alerts", tags: ["admin"], summary: "Open newsletter alerts" },
    })
    .input(z.object({ locale: localeSchema.default("es") }).optional())
    .output(z.array(newsletterAlertSchema))
    .query(({ ctx, input }) => openAlerts(ctx.db, input?.locale ?? "es")),
  generate: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/newsletters/generate",
        tags: ["admin"],
        summary: "Generate the weekly Top 5",
      },
      audit: { action: "newsletter.generate", target: "newsletter" },
    })
    .input(emptyInputSchema.optional())
    .output(newsletterSchema)
    .mutation(async ({ ctx }) => {
      await enforceRateLimit("generate", clientIp(ctx.headers));
      return toDto(await generateWeeklyNewsletter(ctx.db));
    }),
  send: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/newsletters/{id}/send",
        tags: ["admin"],
        summary: "Send (or resume) a newsletter",
      },
      audit: { action: "newsletter.send", target: "newsletter" },
    })
    .input(newsletterIdInputSchema)
    .output(z.object({ success: z.boolean(), status: z.literal("sending") }))
    .mutation(({ ctx, input }) => requestNewsletterSend(ctx.db, input.id)),
  resumeSend: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/newsletters/{id}/resume-send",
        tags: ["admin"],
        summary: "Resume a send paused by an e-mail provider outage (at its first unsent batch)",
      },
      audit: { action: "newsletter.resume_send", target: "newsletter" },
    })
    .input(newsletterIdInputSchema)
    .output(z.object({ success: z.boolean(), status: z.literal("sending") }))
    .mutation(({ ctx, input }) => resumePausedSend(ctx.db, input.id)),
  cancelSend: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/newsletters/{id}/cancel-send",
        tags: ["admin"],
        summary: "Cancel a send, with or without a live job (it ends failed; sending again resumes it)",
      },
      audit: { action: "newsletter.cancel_send", target: "newsletter" },
    })
    .input(newsletterIdInputSchema)
    .output(z.object({ success: z.boolean(), status: z.literal("failed") }))
    .mutation(({ ctx, input }) => cancelNewsletterSend(ctx.db, input.id)),
  sendTest: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/newsletters/{id}/send-test",
        tags: ["admin"],
        summary: "Send a test copy to the signed-in editor only",
      },
      audit: { action: "newsletter.send_test", target: "newsletter" },
    })
    .input(newsletterIdInputSchema.extend({ locale: localeSchema.default("es") }))
    .output(z.object({ success: z.boolean(), to: z.string(), status: z.enum(["sent", "queued", "suppressed"]) }))
    .mutation(({ ctx, input }) => sendNewsletterTest(ctx.db, input.id, input.locale, ctx.session.user.email)),
  delete: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/admin/newsletters/{id}", tags: ["admin"], summary: "Delete a newsletter" },
      audit: { action: "newsletter.delete", target: "newsletter" },
    })
    .input(newsletterIdInputSchema)
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => deleteNewsletter(ctx.db, input.id)),
});
