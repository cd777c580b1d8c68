import { db } from "~/platform/db/db.ts";

/**
 * The newsletter's light entry: what the proxy's 404 decision asks, with no import beyond the database, so
 * the proxy's bundle does not take in the feature's sending and job engine (its index.ts does).
 */

/** A newsletter that went out or is going out: its e-mail links to its page from the first batch on. */
export const archivedWhere = (slug: string) => ({ slug, status: { in: ["sent" as const, "sending" as const] } });

/** Whether the public archive has a newsletter under that slug. */
export async function archivedNewsletterExists(slug: string): Promise<boolean> {
  return (await db.newsletter.count({ where: archivedWhere(slug) })) > 0;
}
