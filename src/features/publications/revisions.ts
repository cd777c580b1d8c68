import { articleBySlug } from "~/features/articles/index.ts";
import { sourceSchema } from "~/features/articles/schema.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { applyArticleEdit } from "./edit-article.ts";
import { RESTORABLE_FIELDS, type Snapshot } from "./revision-snapshot.ts";

type RestorableField = (typeof RESTORABLE_FIELDS)[number];

/** GET /api/articles/{slug}/revisions: newest first. */
export async function listRevisions(db: DbClient, slug: string) {
  const article = await articleBySlug(db, slug);
  if (!article) throw notFound("Article");
  const rows = await db.articleRevision.findMany({
    where: { article_id: article.id },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 500,
  });
  return rows.map((r) => ({ ...r, before: r.before as Snapshot, after: r.after as Snapshot }));
}

/**
 * POST /api/articles/{slug}/revisions/{id}/restore: the article's content goes back to what it was right
 * after that revision (all of it, or only `fields`). Editorial state (status, schedule, featured) is left alone; the restore is a new
 * revision, and it goes through the same rules as an edit (source policy, cache expiry).
 */
export async function restoreRevision(
  db: DbClient,
  slug: string,
  revisionId: string,
  actor: Actor,
  opts: { confirmUnofficialSources?: boolean; fields?: readonly RestorableField[] } = {},
) {
  const article = await articleBySlug(db, slug);
  if (!article) throw notFound("Article");
  const revision = await db.articleRevision.findFirst({ where: { id: revisionId, article_id: article.id } });
  if (!revision) throw notFound("Revision");
  const snapshot = revision.after as Snapshot;
  const content: Record<string, unknown> = {};
  for (const field of opts.fields ?? RESTORABLE_FIELDS) if (field in snapshot) content[field] = snapshot[field];
  if (Object.keys(content).length === 0)
    throw new AppError("BAD_REQUEST", "id: the revision holds no content to restore", {
      field: "id",
      reason: "revisionEmpty",
    });
  const sources = content.sources === undefined ? undefined : sourceSchema.array().catch([]).parse(content.sources);
  return applyArticleEdit(
    db,
    { ...content, sources, slug, confirm_unofficial_sources: opts.confirmUnofficialSources },
    { action: "restore", actor, restoredFrom: revision.id },
  );
}
