import type { DbClient } from "~/platform/db/client.ts";
import { type PublishedWindow, publishedWindowQuery } from "~/platform/db/published-window.ts";

/** Published interviews dated in a window, newest first: Top 5 candidates. */
export function publishedInterviewsIn(db: DbClient, window: PublishedWindow) {
  return db.interview.findMany({
    ...publishedWindowQuery(window),
    select: {
      slug: true,
      title_es: true,
      title_en: true,
      intro_es: true,
      intro_en: true,
      featured: true,
      date: true,
      topics: true,
      sponsored: true,
    },
  });
}
