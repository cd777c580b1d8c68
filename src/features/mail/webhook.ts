import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { COUNTED_EVENTS, countEvent, tagStrings } from "./event-counts.ts";
import { type SuppressionListener, suppressAddress } from "./suppression.ts";

/** The part of a Resend webhook event we act on. */
const eventSchema = z.object({
  type: z.string(),
  data: z
    .object({
      to: z.union([z.array(z.string()), z.string()]).optional(),
      email_id: z.string().optional(),
      tags: z.unknown().optional(),
    })
    .loose(),
});

const SUPPRESSING: Record<string, string> = {
  "email.bounced": "bounced",
  "email.complained": "complained",
};

/**
 * Resend signs webhooks the Standard Webhooks (svix) way: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers over the raw body, with a `whsec_…` secret; stale timestamps are refused.
 * A bounce or complaint suppresses the address for good, and tells `onSuppressed` (other features' reactions). Delivered, bounced and complained events add one to
 * the counters of the mail's tags (per newsletter), which keep no address.
 */
export async function handleResendWebhook(
  db: DbClient,
  secret: string | undefined,
  rawBody: string,
  headers: Headers,
  onSuppressed: readonly SuppressionListener[] = [],
): Promise<{ handled: string; suppressed: string[]; duplicate?: boolean }> {
  if (!secret) throw new AppError("SERVICE_UNAVAILABLE", "Webhook secret not configured");
  let payload: unknown;
  try {
    payload = new Webhook(secret).verify(rawBody, {
      "webhook-id": headers.get("webhook-id") ?? headers.get("svix-id") ?? "",
      "webhook-timestamp": headers.get("webhook-timestamp") ?? headers.get("svix-timestamp") ?? "",
      "webhook-signature": headers.get("webhook-signature") ?? headers.get("svix-signature") ?? "",
    });
  } catch (err) {
    if (err instanceof WebhookVerificationError || err instanceof Error)
      throw new AppError("UNAUTHORIZED", "Invalid webhook signature");
    throw err;
  }
  const event = eventSchema.safeParse(payload);
  if (!event.success) throw new AppError("BAD_REQUEST", "Unrecognised webhook payload");
  // The signature covers the id: a replayed delivery (same id) is acknowledged and not acted on again.
  const id = headers.get("webhook-id") ?? headers.get("svix-id") ?? "";
  if (!(await recordDelivery(db, id))) return { handled: event.data.type, suppressed: [], duplicate: true };
  try {
    const reason = SUPPRESSING[event.data.type];
    const to = event.data.data.to;
    const addresses = reason ? (Array.isArray(to) ? to : to ? [to] : []).map((a) => a.trim()).filter(Boolean) : [];
    for (const address of addresses) await suppressAddress(db, address, reason!, onSuppressed);
    // Last: a failure above leaves nothing counted, and the provider's retry counts it then.
    const counted = COUNTED_EVENTS[event.data.type as keyof typeof COUNTED_EVENTS];
    if (counted) await countEvent(db, tagStrings(event.data.data.tags), counted);
    return { handled: event.data.type, suppressed: addresses };
  } catch (err) {
    // Not handled after all: the provider's retry must be able to try again.
    await db.webhookEvent.deleteMany({ where: { id } });
    throw err;
  }
}

/** Records a delivery id; false if it was already recorded. Prunes ids older than a day on the way. */
async function recordDelivery(db: DbClient, id: string): Promise<boolean> {
  await db.webhookEvent.deleteMany({ where: { received_at: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } } });
  const created = await db.webhookEvent.createMany({ data: [{ id }], skipDuplicates: true });
  return created.count === 1;
}
