import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { AppError } from "~/platform/errors.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { claimScheduleSlot, previousFire } from "~/platform/jobs/engine/schedules.ts";
import { requestNewsletterSend } from "./admin.ts";
import { generateWeeklyNewsletter } from "./generate.ts";

export const WEEKLY_NEWSLETTER = "newsletter/weekly.scheduled";

/**
 * The Friday Top 5 (NEWSLETTER_CRON, Friday 08:00 Europe/Madrid by default), on the embedded engine and under
 * Inngest alike: claim the week's fire slot (once across instances, engines and catch-up), generate the
 * newsletter, then send it — or, with NEWSLETTER_CRON_MODE=draft, leave it for an editor to send.
 */
export const weeklyNewsletterJob = defineJob({
  name: WEEKLY_NEWSLETTER,
  schema: z.object({ slot: z.string().datetime().optional() }),
  retries: 2,
  cron: env.NEWSLETTER_CRON_ENABLED ? env.NEWSLETTER_CRON : undefined,
  catchUp: true,
  handler: async ({ slot }, { step, runId }) => {
    const claim = await step.run("claim", async () => {
      const at = slot ? new Date(slot) : previousFire(env.NEWSLETTER_CRON);
      return { slot: at.toISOString(), won: await claimScheduleSlot(WEEKLY_NEWSLETTER, at, runId) };
    });
    if (!claim.won) return { slot: claim.slot, skipped: "already handled by another run" };
    const generated = await step.run("generate", async () => {
      try {
        return { id: (await generateWeeklyNewsletter(db, new Date(claim.slot))).id, reason: null };
      } catch (err) {
        // Nothing published at all: nothing to send this week, which is not a failure of the job.
        if (err instanceof AppError && err.code === "BAD_REQUEST") return { id: null, reason: err.message };
        throw err;
      }
    });
    if (!generated.id) return { slot: claim.slot, skipped: generated.reason };
    if (env.NEWSLETTER_CRON_MODE === "draft") return { slot: claim.slot, newsletterId: generated.id, sent: false };
    await step.run("send", async () => {
      const row = await db.newsletter.findUnique({ where: { id: generated.id! }, select: { status: true } });
      // A crash after the send was requested: the send job exists (or is finishing) already.
      if (row?.status === "sending" || row?.status === "sent") return;
      await requestNewsletterSend(db, generated.id!);
    });
    return { slot: claim.slot, newsletterId: generated.id, sent: true };
  },
});
