import { articleBySlug, imageInUse, invalidateArticles } from "~/features/articles/index.ts";
import { SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import { CONTENT_TTL } from "~/platform/cache/cached.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";
import { changeArticle } from "./record-revision.ts";

/**
 * How long a replaced image stays stored after the new one is saved and the pages' entries expired: longer
 * than anything can still show the old page — an entry the expiry missed lives at most twice its time limit
 * in the shared cache, nginx keeps an anonymous page 60 s — so a late expiry never shows a broken image.
 */
export const REPLACED_IMAGE_GRACE_S = 2 * CONTENT_TTL + 5 * 60;

/** What the image job needs of an article (null once the article is gone: nothing to illustrate). */
export async function imageSubject(db: DbClient, slug: string) {
  const row = await articleBySlug(db, slug);
  return row && { title_es: row.title_es, summary_es: row.summary_es, image_url: row.image_url, status: row.status };
}

type Subject = NonNullable<Awaited<ReturnType<typeof imageSubject>>>;

/**
 * The new image replaces the old one (a revision records it; public pages refresh). The old file is not
 * deleted here: the job deletes it after REPLACED_IMAGE_GRACE_S (deleteReplacedImage).
 */
export async function replaceArticleImage(db: DbClient, slug: string, before: Subject, imageUrl: string) {
  await changeArticle(db, slug, { image_url: imageUrl }, { action: "image_regeneration", actor: SYSTEM_ACTOR });
  if (before.status === "published") await invalidateArticles({ slug });
}

/** Deletes a replaced image unless an article shows it again (a restored revision); true when deleted. */
export async function deleteReplacedImage(db: DbClient, url: string): Promise<boolean> {
  if (await imageInUse(db, url)) return false;
  await imageStorage().delete(url);
  return true;
}
