// The store, not the index: the seed records revisions before the launcher has a database, and the index opens it.
import { updateArticleLocked } from "~/features/articles/store.ts";
import type { VerificationReport } from "~/features/grounding/index.ts";
import type { Article, Prisma } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import { changedFields, snapshotOf } from "./revision-snapshot.ts";

/** What a revision says happened. */
export type RevisionAction =
  | "agent_draft"
  | "edit"
  | "approve"
  | "reject"
  | "schedule"
  | "unschedule"
  | "scheduled_publish"
  | "feature"
  | "static"
  | "author_migration"
  | "image_regeneration"
  | "restore"
  | "verify"
  | "review";

export interface RevisionMeta {
  action: RevisionAction;
  actor: Actor;
  restoredFrom?: string;
  confirmedUnofficialSources?: string[];
  /** The verification report of the content as of this revision (grounded drafts only). */
  verification?: VerificationReport | null;
  /** Findings the editor confirmed when approving a draft that was not fully verified. */
  confirmedFindings?: string[];
  /** The public correction note of an edit of a published article (see correction-rule.ts). */
  correction?: { es: string; en: string | null } | null;
  /** The editor's explicit choice that such an edit only fixed a typo. */
  typoFix?: boolean;
  /** The actor takes editorial responsibility for the article (approve, schedule, review after auto-publish). */
  approval?: boolean;
}

/** Revisions stored even when no revisioned field changed: they record an act, not a change. */
const ACTS: RevisionAction[] = ["restore", "verify", "review"];

type Tx = Prisma.TransactionClient;

/** Stores one revision of `before` → `after` (nothing when no revisioned field changed and it is no restore). */
export async function recordRevision(tx: Tx | DbClient, before: Article | null, after: Article, meta: RevisionMeta) {
  const beforeSnap = before ? snapshotOf(before) : {};
  const afterSnap = snapshotOf(after);
  const fields = before ? changedFields(beforeSnap, afterSnap) : Object.keys(afterSnap);
  if (fields.length === 0 && !ACTS.includes(meta.action)) return null;
  return tx.articleRevision.create({
    data: {
      article_id: after.id,
      action: meta.action,
      actor_id: meta.actor.id,
      actor_name: meta.actor.name,
      fields,
      before: beforeSnap as Prisma.InputJsonValue,
      after: afterSnap as Prisma.InputJsonValue,
      restored_from: meta.restoredFrom ?? null,
      confirmed_unofficial_sources: meta.confirmedUnofficialSources ?? [],
      verification_status: meta.verification?.status ?? null,
      verification: meta.verification ? (meta.verification as unknown as Prisma.InputJsonValue) : undefined,
      confirmed_findings: meta.confirmedFindings ?? [],
      correction_es: meta.correction?.es ?? null,
      correction_en: meta.correction?.en ?? null,
      typo_fix: meta.typoFix ?? false,
      ...(meta.approval
        ? { approved_by_id: meta.actor.id, approved_by_name: meta.actor.name, approved_at: new Date() }
        : {}),
    },
  });
}

/**
 * The one way to change an article with history: reads the row, applies `data` and stores the revision in
 * one transaction (the row is locked, so two editors saving at once produce two consecutive revisions).
 * `data` may be a function of the current row for changes that depend on it (toggles, approvals).
 */
export async function changeArticle(
  db: DbClient,
  slug: string,
  data: Prisma.ArticleUpdateInput | ((row: Article) => Prisma.ArticleUpdateInput),
  meta: RevisionMeta,
): Promise<{ before: Article; after: Article }> {
  const change = await updateArticleLocked(db, slug, data, (tx, before, after) =>
    recordRevision(tx, before, after, meta),
  );
  if (!change) throw notFound("Article");
  return { before: change.before, after: change.after };
}
