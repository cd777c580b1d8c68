import type { z } from "zod";
import type { DbClient } from "~/platform/db/client.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { contactMailJob } from "./jobs.ts";
import type { contactInputSchema } from "./schema.ts";

/**
 * Stores the message first, then hands the two e-mails to a retried job: a mail outage never loses a
 * message (admins read them in the panel either way).
 */
export async function submitContactMessage(db: DbClient, input: z.output<typeof contactInputSchema>) {
  const row = await db.contactMessage.create({
    data: {
      name: input.name,
      email: input.email,
      organization: input.organization || null,
      reason: input.reason,
      message: input.message,
      privacy: input.privacy,
      locale: input.locale ?? "es",
    },
  });
  await enqueue(contactMailJob, { messageId: row.id }, { id: `contact-${row.id}` });
  return { success: true, id: row.id };
}
