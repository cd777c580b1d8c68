import type { z } from "zod";
import { invalidateArticles, toArticleDto } from "~/features/articles/index.ts";
import { checkSources, isOfficialSource, reportForEdit } from "~/features/grounding/index.ts";
import { correctionPublished } from "~/features/reader-reports/index.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { emitArticleEvent } from "~/platform/events/article-events.ts";
import { correctionOf } from "./correction-rule.ts";
import { changeArticle, type RevisionMeta } from "./record-revision.ts";
import { revisionReports } from "./revision-reports.ts";
import { EDITABLE_FIELDS } from "./revision-snapshot.ts";
import type { articleEditSchema } from "./schema.ts";

type ArticleEdit = z.output<typeof articleEditSchema>;

/** The sources with their verdict against the official-source allow-list (the desk's badges). */
export function checkedSources(sources: { name: string; url: string }[]) {
  return sources.map((s) => ({ ...s, official: isOfficialSource(s.url) }));
}

/**
 * Applies a validated edit (or a restore) with its revision. Sources are checked again against the
 * allow-list: an unofficial source keeps an unpublished article in review; on a published article it needs
 * `confirm_unofficial_sources`, recorded with the revision. A published edit expires the public caches
 * exactly as an approval does.
 */
export async function applyArticleEdit(
  db: DbClient,
  input: ArticleEdit & { author?: string | null },
  meta: Omit<RevisionMeta, "confirmedUnofficialSources">,
) {
  const {
    slug,
    confirm_unofficial_sources: confirmed,
    correction_note_es,
    correction_note_en,
    typo_fix,
    ...changes
  } = input;
  const data: Prisma.ArticleUpdateInput = {};
  for (const field of EDITABLE_FIELDS) {
    if (changes[field] !== undefined) (data as Record<string, unknown>)[field] = changes[field];
  }
  if (changes.author !== undefined) data.author = changes.author;
  if (Object.keys(data).length === 0)
    throw new AppError("BAD_REQUEST", "input: nothing to change", {
      field: "input",
      reason: "nothingToChange",
    });

  const unofficial = changes.sources ? checkSources(changes.sources).rejected : [];
  // A grounded draft is checked again on every save, against the snapshots it was written from.
  const report = await reportForEdit(db, revisionReports, slug, changes);
  const revision: RevisionMeta = {
    ...meta,
    confirmedUnofficialSources: unofficial.length && confirmed ? unofficial : [],
    verification: report,
  };
  const { before, after } = await changeArticle(
    db,
    slug,
    (row) => {
      // An editor's change of what readers of a published article were told needs a public note, or the explicit
      // choice that it is a typo; decided against the locked row, and stored with this edit's revision.
      if (meta.action === "edit")
        Object.assign(revision, correctionOf(row, changes, { correction_note_es, correction_note_en, typo_fix }));
      if (unofficial.length && row.status === "published" && !confirmed) {
        throw new AppError(
          "CONFLICT",
          "sources: fuera de la lista oficial; confirma la publicación con confirm_unofficial_sources",
          { field: "sources", reason: "unofficialSources", details: { unofficialSources: unofficial } },
        );
      }
      // Out of the allow-list on an unpublished article: it waits for an editor whatever else happens.
      return unofficial.length && row.status !== "published" ? { ...data, review_required: true } : data;
    },
    revision,
  );
  if (after.status === "published" || before.status === "published") {
    await invalidateArticles({ slug });
  }
  // A published correction answers the readers who reported an error in the article (reader-reports' entry).
  if (revision.correction && after.status === "published")
    await correctionPublished({
      articleId: after.id,
      slug: after.slug,
      title_es: after.title_es,
      title_en: after.title_en,
      note_es: revision.correction.es,
      note_en: revision.correction.en,
      publishedAt: after.updated_at,
      changeKey: `${after.id}-${after.updated_at.getTime()}`,
    });
  // An edit readers of the published article see goes out as an Update, with its correction note if any.
  if (after.status === "published" && before.status === "published")
    await emitArticleEvent(db, { kind: "updated", articleId: after.id, note: revision.correction ?? null });
  return toArticleDto(after);
}

export function editArticle(db: DbClient, input: ArticleEdit, actor: Actor) {
  return applyArticleEdit(db, input, { action: "edit", actor });
}
