import type { DbClient } from "~/platform/db/client.ts";
import { log } from "~/platform/log/logger.ts";

/** What happened to an article that readers outside the site may follow (the fediverse, today). */
export interface ArticleEvent {
  kind: "published" | "updated" | "removed";
  articleId: string;
  /** The public correction note of an update, per language. */
  note?: { es: string | null; en: string | null } | null;
}

type Listener = (db: DbClient, event: ArticleEvent) => Promise<void>;

// One list per process: Next bundles the server start (which registers) and each route (which emits) apart.
const holder = globalThis as { __articleEventListeners?: Listener[] };

/**
 * The desk's publishing paths tell of an article's publication, correction and removal here, after their
 * change committed; the composition root subscribes the features that react (src/server/jobs.ts), so the
 * desk imports none of them.
 */
export function onArticleEvent(listener: Listener): void {
  holder.__articleEventListeners ??= [];
  if (!holder.__articleEventListeners.includes(listener)) holder.__articleEventListeners.push(listener);
}

/** Tells every listener; one that fails is logged, never thrown: the article's change is already made. */
export async function emitArticleEvent(db: DbClient, event: ArticleEvent): Promise<void> {
  for (const listener of holder.__articleEventListeners ?? []) {
    try {
      await listener(db, event);
    } catch (err) {
      log.child({ scope: "articles" }).error({ err }, `a listener of ${event.kind} ${event.articleId} failed`);
    }
  }
}
