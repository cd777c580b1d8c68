import { ProviderUnavailableError } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";

/** The first wait after the provider failed a batch; it doubles per try up to NEWSLETTER_OUTAGE_RETRY_MAX_MS. */
const FIRST_WAIT_MS = 1000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The provider could not take a batch for now (as opposed to refusing it for good). */
export const isProviderUnavailable = (err: unknown): err is ProviderUnavailableError =>
  err instanceof ProviderUnavailableError || (err as Error | undefined)?.name === "ProviderUnavailableError";

/** The wait before try `tries + 1`: doubling, capped, a little jitter so lanes and instances spread out. */
export function outageWaitMs(tries: number, hintMs = 0): number {
  const cap = env.NEWSLETTER_OUTAGE_RETRY_MAX_MS;
  const backoff = Math.min(cap, Math.min(FIRST_WAIT_MS, cap) * 2 ** Math.min(tries, 20));
  return Math.max(backoff * (0.75 + Math.random() * 0.25), Math.min(hintMs, cap));
}

type Verdict = "retry" | "pause" | "stop";

/**
 * Notes on the newsletter that the provider is down (since the first failure of this outage: a delivered
 * batch clears it) and when it is tried next, which the admin shows, then waits until then. "pause" once the
 * outage has lasted NEWSLETTER_OUTAGE_PAUSE_MS (or another run of the send paused it); "stop" when the
 * newsletter is no longer being sent (an operator cancelled it). updated_at moves too: a send waiting out an
 * outage is not stalled.
 */
async function waitOutOutage(
  db: DbClient,
  newsletterId: string,
  tries: number,
  err: ProviderUnavailableError,
): Promise<Verdict> {
  const now = new Date();
  const wait = outageWaitMs(tries, err.retryAfterMs);
  const rows = await db.$queryRaw<{ down_since: Date }[]>`
    UPDATE newsletters
       SET provider_down_since = coalesce(provider_down_since, ${now}),
           provider_retry_at = ${new Date(now.getTime() + wait)}, updated_at = ${now}
     WHERE id = ${newsletterId} AND status = 'sending'
    RETURNING provider_down_since AS down_since`;
  const downSince = rows[0]?.down_since;
  if (!downSince) {
    // Another run of the send (a fan-out group) paused it already: this one pauses too.
    const row = await db.newsletter.findUnique({ where: { id: newsletterId }, select: { status: true } });
    return row?.status === "paused" ? "pause" : "stop";
  }
  if (now.getTime() - downSince.getTime() >= env.NEWSLETTER_OUTAGE_PAUSE_MS) return "pause";
  await sleep(wait);
  return "retry";
}

/**
 * Runs one batch (`send`) until it goes through, waiting out the provider's unavailability with backoff, so an
 * outage costs none of the job's attempts (the batch's idempotency key makes each retry safe). Answers
 * "paused" once the outage has lasted NEWSLETTER_OUTAGE_PAUSE_MS. Any other error is thrown at once, and so
 * is the provider's once `stopped()` says the send is ending anyway (another batch failed or paused).
 */
export async function sendThroughOutage(
  db: DbClient,
  newsletterId: string,
  send: () => Promise<unknown>,
  stopped: () => boolean,
): Promise<"sent" | "paused"> {
  for (let tries = 0; ; tries++) {
    try {
      await send();
      return "sent";
    } catch (err) {
      if (!isProviderUnavailable(err) || stopped()) throw err;
      const verdict = await waitOutOutage(db, newsletterId, tries, err);
      if (verdict === "pause") return "paused";
      if (verdict === "stop") throw err;
    }
  }
}

/**
 * The outage outlasted NEWSLETTER_OUTAGE_PAUSE_MS: the send stops and waits for an admin's one click
 * (admin.newsletters.resumeSend). provider_down_since stays, so the admin and the alert say since when.
 */
export async function pauseSend(db: DbClient, newsletterId: string) {
  await db.newsletter.updateMany({
    where: { id: newsletterId, status: "sending" },
    data: { status: "paused", provider_retry_at: null },
  });
}
