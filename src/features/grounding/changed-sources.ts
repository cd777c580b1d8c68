import ChangedSources from "@emails/changed-sources.tsx";
import { createElement } from "react";
import { renderEmail, sendEmail } from "~/features/mail/index.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { notFound } from "~/platform/errors.ts";
import { localeHomeUrl, siteUrl } from "~/platform/http/site-url.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import type { BrokenClaim } from "./source-recheck.ts";

const claimsOf = (value: unknown): BrokenClaim[] => (Array.isArray(value) ? (value as BrokenClaim[]) : []);

/** "Fuentes cambiadas": published articles whose changed sources no longer support a claim, not yet reviewed. */
export async function listChangedSources(db: DbClient) {
  const rows = await db.changedSource.findMany({
    where: { reviewed_at: null, article: { status: "published" } },
    include: { article: { select: { slug: true, title_es: true } } },
    orderBy: { found_at: "desc" },
    take: 500,
  });
  return rows.map((r) => ({
    id: r.id,
    slug: r.article.slug,
    title: r.article.title_es,
    url: r.url,
    old_snapshot_id: r.old_snapshot_id,
    new_snapshot_id: r.new_snapshot_id,
    claims: claimsOf(r.claims).map((c) => ({
      lang: String(c.lang),
      kind: String(c.kind),
      claim: String(c.claim),
      sentence: String(c.sentence),
      old_passage: String(c.old_passage),
      new_passage: c.new_passage == null ? null : String(c.new_passage),
    })),
    found_at: r.found_at,
    reviewed_at: r.reviewed_at,
  }));
}

/** An editor looked at it (and corrected the article, or decided nothing needs to change): off the list. */
export async function markChangedSourceReviewed(db: DbClient, id: string, actor: Actor) {
  const done = await db.changedSource.updateMany({
    where: { id, reviewed_at: null },
    data: { reviewed_at: new Date(), reviewed_by_id: actor.id, reviewed_by_name: actor.name },
  });
  if (done.count === 0 && !(await db.changedSource.findUnique({ where: { id }, select: { id: true } })))
    throw notFound("Changed source");
  return { id, reviewed: true };
}

/**
 * One e-mail to the editors for a run of the link check that found changed sources (all of that run's, however
 * many articles): the run's start is its key, so a retried step sends it once.
 */
export async function notifyChangedSources(db: DbClient, runStartedAt: Date) {
  const rows = await db.changedSource.findMany({
    where: { found_at: { gte: runStartedAt }, reviewed_at: null },
    include: { article: { select: { title_es: true } } },
    orderBy: { found_at: "asc" },
  });
  if (rows.length === 0) return { notified: 0 };
  const t = translatorFor("es", "emails");
  const titles = [...new Set(rows.map((r) => r.article.title_es))];
  const { html, text } = await renderEmail(
    createElement(ChangedSources, {
      siteUrl: localeHomeUrl("es"),
      adminUrl: `${siteUrl()}/admin`,
      titles,
    }),
  );
  await sendEmail(db, {
    to: env.EDITORS_EMAIL,
    subject: t("changedSourcesSubject", { count: titles.length }),
    html,
    text,
    tag: "changed-sources",
    idempotencyKey: `changed-sources-${runStartedAt.toISOString()}`,
  });
  return { notified: titles.length };
}
