import { z } from "zod";
import { publishedArticleDates } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";

const DAY_MS = 86_400_000;
/**
 * The job runs once a day at a fixed hour; a check that ran a few minutes later yesterday must still count as
 * a day ago today, so the interval is shortened by this much.
 */
const SLACK_MS = 2 * 3_600_000;

export const linkCheckSettingsSchema = z.object({
  recent_days: z.number().int().min(1).max(3650),
  recent_every_days: z.number().int().min(1).max(365),
  older_every_days: z.number().int().min(1).max(365),
});
export type LinkCheckSettings = z.infer<typeof linkCheckSettingsSchema>;

export const DEFAULT_LINK_CHECK_SETTINGS: LinkCheckSettings = {
  recent_days: 30,
  recent_every_days: 1,
  older_every_days: 7,
};

/** The cadence of the link check (the defaults until an admin saves other values). */
export async function getLinkCheckSettings(db: DbClient): Promise<LinkCheckSettings> {
  const row = await db.linkCheckSettings.findUnique({ where: { id: 1 } });
  if (!row) return { ...DEFAULT_LINK_CHECK_SETTINGS };
  return {
    recent_days: row.recent_days,
    recent_every_days: row.recent_every_days,
    older_every_days: row.older_every_days,
  };
}

export async function saveLinkCheckSettings(db: DbClient, settings: LinkCheckSettings) {
  await db.linkCheckSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings });
  return getLinkCheckSettings(db);
}

/**
 * The published articles due for a check at `now`: those published within `recent_days` once their last
 * check is `recent_every_days` old, the others once it is `older_every_days` old; never checked, always due.
 * The last check of an article is the newest check of any of its sources.
 */
export async function dueArticleIds(db: DbClient, now: Date): Promise<string[]> {
  const settings = await getLinkCheckSettings(db);
  const articles = await publishedArticleDates(db);
  const last = await db.sourceSnapshot.groupBy({
    by: ["article_id"],
    where: { article_id: { in: articles.map((a) => a.id) } },
    _max: { checked_at: true },
  });
  const lastCheck = new Map(last.map((r) => [r.article_id, r._max.checked_at]));
  const recentSince = now.getTime() - settings.recent_days * DAY_MS;
  return articles
    .filter((a) => {
      const checked = lastCheck.get(a.id);
      if (!checked) return true;
      const recent = (a.published_at?.getTime() ?? 0) >= recentSince;
      const every = (recent ? settings.recent_every_days : settings.older_every_days) * DAY_MS - SLACK_MS;
      return now.getTime() - checked.getTime() >= every;
    })
    .map((a) => a.id);
}
