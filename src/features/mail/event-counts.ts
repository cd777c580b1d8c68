import type { DbClient } from "~/platform/db/client.ts";

/** The provider events counted per tag: what became of the mail after the provider accepted it. */
export const COUNTED_EVENTS = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
} as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[keyof typeof COUNTED_EVENTS];
export type EventCounts = Record<CountedEvent, number>;

/**
 * Resend echoes the tags a mail was sent with, as `{ name: value }` or `[{ name, value }]`; each becomes the tag
 * string `name:value` (the newsletter's mail carries `newsletter:<id>`, the same tag as its outbox copies).
 */
export function tagStrings(tags: unknown): string[] {
  const pairs: [unknown, unknown][] = Array.isArray(tags)
    ? tags.map((t) => [(t as { name?: unknown })?.name, (t as { value?: unknown })?.value])
    : tags && typeof tags === "object"
      ? Object.entries(tags)
      : [];
  return pairs.flatMap(([name, value]) =>
    typeof name === "string" && typeof value === "string" && name && value ? [`${name}:${value}`.slice(0, 200)] : [],
  );
}

/** Adds one event to each tag's counter (an upsert: concurrent webhooks add up, none is lost). */
export async function countEvent(db: DbClient, tags: string[], event: CountedEvent) {
  for (const tag of tags) {
    await db.$executeRaw`INSERT INTO email_event_counts (tag, event, count, updated_at) VALUES (${tag}, ${event}, 1, now())
      ON CONFLICT (tag, event) DO UPDATE SET count = email_event_counts.count + 1, updated_at = now()`;
  }
}

/** Delivered, bounced and complained counts of each tag asked for (zero where nothing was reported). */
export async function eventCounts(db: DbClient, tags: string[]): Promise<Map<string, EventCounts>> {
  const rows = tags.length ? await db.emailEventCount.findMany({ where: { tag: { in: tags } } }) : [];
  const counts = new Map(tags.map((t) => [t, { delivered: 0, bounced: 0, complained: 0 } as EventCounts]));
  for (const row of rows) {
    const entry = counts.get(row.tag);
    if (entry && row.event in entry) entry[row.event as CountedEvent] = row.count;
  }
  return counts;
}
