import type { DbClient } from "~/platform/db/client.ts";

/** Bounced or complained addresses: never mailed again (citext primary key, so any case matches). */
export async function isSuppressed(db: DbClient, email: string): Promise<boolean> {
  return (await db.emailSuppression.findUnique({ where: { email } })) !== null;
}

/** The suppressed addresses among `emails`, lower-cased (the citext column matches them in any case). */
export async function suppressedAmong(db: DbClient, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  // Cast to citext explicitly: compared as text, "Ana@x" would not match a stored "ana@x".
  const rows = await db.$queryRaw<{ email: string }[]>`
    SELECT email::text AS email FROM email_suppressions WHERE email = ANY(${emails}::citext[])`;
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/**
 * What else must stop when an address is suppressed (e.g. the newsletter unsubscribes it). Mail knows no
 * other feature: the caller that wires the webhook passes these in.
 */
export type SuppressionListener = (db: DbClient, email: string) => Promise<void>;

export async function suppressAddress(
  db: DbClient,
  email: string,
  reason: string,
  listeners: readonly SuppressionListener[] = [],
): Promise<void> {
  await db.emailSuppression.upsert({ where: { email }, create: { email, reason }, update: { reason } });
  for (const listener of listeners) await listener(db, email);
}
