import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { acknowledgeContactMessage, markContactNotified, notifyEditors } from "./notify-editors.ts";

/**
 * Mails for a stored contact message; each mail is its own step so a retry never sends one twice. A message
 * deleted meanwhile ends the run at once (non-retriable): there is nothing left to mail about.
 */
export const contactMailJob = defineJob({
  name: "contact/mail.requested",
  schema: z.object({ messageId: z.string() }),
  retries: 6,
  handler: async ({ messageId }, { step }) => {
    await step.run("notify-editors", () => notifyEditors(db, messageId));
    await step.run("acknowledge-sender", () => acknowledgeContactMessage(db, messageId));
    await step.run("mark-notified", () => markContactNotified(db, messageId));
    return { messageId };
  },
});
