import { eventCounts } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { NewsletterItem, NewsletterStats } from "../schema.ts";
import { clickCounts } from "./clicks.ts";

/** How many sent issues the figures list (the newest first). */
const ISSUES = 12;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `at`. */
function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY);
}

/** What the provider reported of each issue (keyed `newsletter:{id}`) and its clicks per item. */
export async function issueCounts(db: DbClient, ids: string[]) {
  const [delivery, clicks] = await Promise.all([
    eventCounts(
      db,
      ids.map((id) => `newsletter:${id}`),
    ),
    clickCounts(db, ids),
  ]);
  return { delivery, clicks };
}

/**
 * The newsletter's figures for the admin's Estadísticas: the last sent issues (recipients, delivered and
 * bounced as the provider reported them, clicks per item counted once per daily reader), and the last `weeks`
 * weeks (Monday to Sunday, UTC) of signups, confirmations and unsubscribes. Counts only, never an address.
 */
export async function newsletterStats(db: DbClient, weeks: number, now = new Date()): Promise<NewsletterStats> {
  const sent = await db.newsletter.findMany({
    where: { status: { in: ["sent", "sending"] } },
    orderBy: [{ sent_at: { sort: "desc", nulls: "first" } }, { created_at: "desc" }],
    take: ISSUES,
    select: { id: true, subject_es: true, sent_at: true, recipient_count: true, items: true },
  });
  const { delivery, clicks } = await issueCounts(
    db,
    sent.map((n) => n.id),
  );
  const issues = sent.map((n) => {
    const counts = delivery.get(`newsletter:${n.id}`);
    return {
      id: n.id,
      subject: n.subject_es,
      sent_at: n.sent_at,
      recipients: n.recipient_count,
      delivered: counts?.delivered ?? 0,
      bounced: counts?.bounced ?? 0,
      items: (n.items as NewsletterItem[]).map((item, i) => ({
        title: item.title_es,
        clicks: clicks.get(n.id)?.[i] ?? 0,
      })),
    };
  });

  const last = weekStart(now);
  const from = new Date(last.getTime() - (weeks - 1) * 7 * DAY);
  const rows = await db.$queryRaw<{ week: Date; signups: bigint; confirmations: bigint; unsubscribes: bigint }[]>`
    WITH moves AS (
      SELECT date_trunc('week', created_at AT TIME ZONE 'UTC') AS week, 1 AS s, 0 AS c, 0 AS u
        FROM newsletter_subscriptions WHERE created_at >= ${from}
      UNION ALL
      SELECT date_trunc('week', confirmed_at AT TIME ZONE 'UTC'), 0, 1, 0
        FROM newsletter_subscriptions WHERE confirmed_at >= ${from}
      UNION ALL
      SELECT date_trunc('week', unsubscribed_at AT TIME ZONE 'UTC'), 0, 0, 1
        FROM newsletter_subscriptions WHERE unsubscribed_at >= ${from}
    )
    SELECT week AT TIME ZONE 'UTC' AS week, sum(s) AS signups, sum(c) AS confirmations, sum(u) AS unsubscribes
    FROM moves GROUP BY week`;
  const byWeek = new Map(rows.map((r) => [new Date(r.week).getTime(), r]));
  const series = [];
  for (let t = from.getTime(); t <= last.getTime(); t += 7 * DAY) {
    const r = byWeek.get(t);
    series.push({
      week: new Date(t),
      signups: Number(r?.signups ?? 0),
      confirmations: Number(r?.confirmations ?? 0),
      unsubscribes: Number(r?.unsubscribes ?? 0),
    });
  }
  return { issues, weeks: series };
}
