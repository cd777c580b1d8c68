import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { jobs } from "~/platform/jobs/jobs-client.ts";
import { CANCELLED_REASON, markNewsletterFailed } from "./send.ts";

type Tx = Prisma.TransactionClient;

/** The jobs that send a newsletter (the run, and its fan-out groups). */
export const SEND_JOB_NAMES = ["newsletter/send.requested", "newsletter/send.group"];

/** The queued, retrying or running send jobs of this newsletter, on either jobs provider. */
export const liveSendRuns = (db: Tx | DbClient, newsletterId: string) =>
  jobs.liveRuns(db, SEND_JOB_NAMES, "newsletterId", newsletterId);

/**
 * Claims a newsletter for a send (or its resumption), inside the transaction that also enqueues the send job.
 * The row is locked first, so two clicks or two admins start one send; a sent newsletter can never be sent
 * again. A newsletter left `sending` with no live job behind it (its job was lost) can be claimed again: that
 * is the operator's "resume". Returns the send's attempt number (the batches' highest attempt count), which
 * keys its job.
 */
export async function claimNewsletterSend(tx: Tx, id: string): Promise<{ attempt: number }> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM newsletters WHERE id = ${id} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound("Newsletter");
  if (row.status === "sent")
    throw new AppError("CONFLICT", "This newsletter has already been sent", { reason: "newsletterAlreadySent" });
  if (row.status === "sending") {
    const live = await liveSendRuns(tx, id);
    if (live.length > 0)
      throw new AppError("CONFLICT", "This newsletter is already being sent", { reason: "newsletterAlreadySending" });
  }
  const now = new Date();
  await tx.newsletter.update({
    where: { id },
    data: {
      status: "sending",
      failure_reason: null,
      send_started_at: now,
      progress_at: now,
      provider_down_since: null,
      provider_retry_at: null,
    },
  });
  // Failed batches go back to pending; sent ones stay sent and are skipped.
  await tx.newsletterBatch.updateMany({ where: { newsletter_id: id, status: "failed" }, data: { status: "pending" } });
  const attempt = await tx.newsletterBatch.aggregate({ where: { newsletter_id: id }, _max: { attempts: true } });
  return { attempt: attempt._max.attempts ?? 0 };
}

/**
 * The operator's "cancel the send": its live jobs are cancelled (each stops before its next batch) and the
 * newsletter ends `failed` with the reason, whether or not a job was still behind it; sending it again resumes
 * at the first unsent batch.
 */
export async function cancelNewsletterSend(db: DbClient, id: string) {
  const row = await db.newsletter.findUnique({ where: { id }, select: { status: true } });
  if (!row) throw notFound("Newsletter");
  if (row.status !== "sending")
    throw new AppError("CONFLICT", "This newsletter is not being sent", { reason: "newsletterNotSending" });
  for (const run of await liveSendRuns(db, id)) await jobs.cancel(run.name, run.id);
  await markNewsletterFailed(db, id, CANCELLED_REASON);
  return { success: true, status: "failed" as const };
}
