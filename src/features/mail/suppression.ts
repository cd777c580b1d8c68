import type { DbClient } from "~/platform/db/client.ts";

/** Bounced or complained addresses: never mailed again (citext primary key, so any case matches). */
export async function isSuppressed(db: DbClient, email: string): Promise<boolean> {
  return (await db.emailSuppression.findUnique({ where: { email } })) !== null;
}

export async function suppressAddress(db: DbClient, email: string, reason: string): Promise<void> {
  await db.emailSuppression.upsert({ where: { email }, create: { email, reason }, update: { reason } });
  // A suppressed address stops counting as an active subscriber.
  await db.newsletterSubscription.updateMany({ where: { email }, data: { subscribed: false } });
}
