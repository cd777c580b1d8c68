import type { DbClient } from "~/platform/db/client.ts";
import { type PublishedWindow, publishedWindowQuery } from "~/platform/db/published-window.ts";

/** Published articles dated in a window, newest first: what the weekly Top 5 ranks. */
export function publishedArticlesIn(db: DbClient, window: PublishedWindow) {
  return db.article.findMany({
    ...publishedWindowQuery(window),
    select: {
      id: true,
      slug: true,
      title_es: true,
      title_en: true,
      summary_es: true,
      summary_en: true,
      featured: true,
      date: true,
      topics: true,
      tags: true,
      sponsored: true,
      type: true,
      sources: true,
    },
  });
}
