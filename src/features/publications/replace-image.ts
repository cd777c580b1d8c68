import { articleBySlug, invalidateArticles } from "~/features/articles/index.ts";
import { SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";
import { changeArticle } from "./record-revision.ts";

/** What the image job needs of an article (null once the article is gone: nothing to illustrate). */
export async function imageSubject(db: DbClient, slug: string) {
  const row = await articleBySlug(db, slug);
  return row && { title_es: row.title_es, summary_es: row.summary_es, image_url: row.image_url, status: row.status };
}

type Subject = NonNullable<Awaited<ReturnType<typeof imageSubject>>>;

/** The new image replaces the old one (a revision records it; the old file is deleted; public pages refresh). */
export async function replaceArticleImage(db: DbClient, slug: string, before: Subject, imageUrl: string) {
  await changeArticle(db, slug, { image_url: imageUrl }, { action: "image_regeneration", actor: SYSTEM_ACTOR });
  if (before.image_url) await imageStorage().delete(before.image_url);
  if (before.status === "published") await invalidateArticles({ slug });
}
