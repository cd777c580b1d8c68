import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import type { ClickInput, NewsletterItem } from "../schema.ts";
import { itemUrl } from "../urls.ts";

/** A well-formed http(s) address, normalised; null for anything else (javascript:, //host, control characters). */
function httpUrl(raw: string): string | null {
  if (/[\s\\]/.test(raw) || !/^https?:\/\//i.test(raw)) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where a click on an item may go: the item's own page on this site (in `lang`), or, with `to`, one of the
 * item's listed sources or its page in the other language, compared exactly. Anything else is refused, so the
 * counter is never an open redirect.
 */
export function clickTarget(item: NewsletterItem, lang: "es" | "en", to: string | undefined): string | null {
  const own = itemUrl(lang, item.kind, item.slug);
  if (to === undefined) return own;
  const allowed = [
    own,
    itemUrl(lang === "en" ? "es" : "en", item.kind, item.slug),
    ...(item.sources ?? []).map((s) => s.url),
  ].flatMap((u) => httpUrl(u) ?? []);
  const wanted = httpUrl(to);
  return wanted && allowed.includes(wanted) ? wanted : null;
}

/**
 * Answers where a click on an item of a newsletter goes and, for a reader's click on a sent issue, counts it
 * once per daily visitor id (`visitor`: the analytics feature's keyed hash; null for HEAD, bots and
 * prefetches, which are not counted). The counter stays an aggregate: what is kept to deduplicate is the
 * day's hash, deleted after two days, never an address, a user agent or a cookie. Clicks on drafts
 * (previews, test copies) go through uncounted. `now` must be the time `visitor`'s salt was taken for: the
 * row is kept under that salt's day, on one clock.
 */
export async function recordClick(
  db: DbClient,
  input: ClickInput,
  visitor: Uint8Array | null = null,
  now = new Date(),
): Promise<string> {
  const row = await db.newsletter.findUnique({ where: { id: input.id }, select: { status: true, items: true } });
  if (!row) throw notFound("Newsletter");
  const item = (row.items as NewsletterItem[])[input.index];
  if (!item) throw new AppError("NOT_FOUND", "Newsletter item not found", { field: "index" });
  const target = clickTarget(item, input.lang ?? "es", input.to);
  if (!target) throw new AppError("BAD_REQUEST", "to: not one of the item's pages or sources", { field: "to" });
  if (visitor && (row.status === "sent" || row.status === "sending")) {
    await db.$executeRaw`WITH first_click AS (
        INSERT INTO newsletter_click_visitors (newsletter_id, item_index, day, visitor)
        VALUES (${input.id}, ${input.index}, (${now}::timestamptz AT TIME ZONE 'UTC')::date, ${visitor})
        ON CONFLICT DO NOTHING RETURNING 1)
      INSERT INTO newsletter_clicks (newsletter_id, item_index, clicks, updated_at)
      SELECT ${input.id}, ${input.index}, 1, now() FROM first_click
      ON CONFLICT (newsletter_id, item_index) DO UPDATE SET clicks = newsletter_clicks.clicks + 1, updated_at = now()`;
  }
  return target;
}

/** Forgets who clicked before yesterday (UTC): their ids cannot recur, as the salt of their day is gone. */
export async function forgetClickVisitors(db: DbClient, now = new Date()): Promise<number> {
  return db.$executeRaw`DELETE FROM newsletter_click_visitors
    WHERE day < ((${now}::timestamptz AT TIME ZONE 'UTC')::date - 1)`;
}

/** Clicks per item index of each newsletter asked for. */
export async function clickCounts(db: DbClient, newsletterIds: string[]): Promise<Map<string, number[]>> {
  const rows = newsletterIds.length
    ? await db.newsletterClick.findMany({ where: { newsletter_id: { in: newsletterIds } } })
    : [];
  const counts = new Map<string, number[]>();
  for (const r of rows) {
    const list = counts.get(r.newsletter_id) ?? [];
    list[r.item_index] = r.clicks;
    counts.set(r.newsletter_id, list);
  }
  return counts;
}

/** How many previous newsletters the ranking's interest signal looks back on. */
const INTEREST_WEEKS = 4;

/** Clicks per topic over the last few sent newsletters before `before`: the ranking's interest signal. */
export async function topicInterest(db: DbClient, before: Date): Promise<Map<string, number>> {
  const sent = await db.newsletter.findMany({
    where: { status: "sent", sent_at: { lt: before } },
    orderBy: { sent_at: "desc" },
    take: INTEREST_WEEKS,
    select: { id: true, items: true },
  });
  const counts = await clickCounts(
    db,
    sent.map((n) => n.id),
  );
  const interest = new Map<string, number>();
  for (const n of sent) {
    for (const [i, item] of (n.items as NewsletterItem[]).entries()) {
      const clicks = counts.get(n.id)?.[i] ?? 0;
      for (const topic of item.topics ?? []) interest.set(topic, (interest.get(topic) ?? 0) + clicks);
    }
  }
  return interest;
}
