import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { sanitizeForeignHtml } from "~/platform/security/markdown.ts";
import { invalidateRepliesOf } from "./cache.ts";
import type { ReactionStats, ReplyItem, ReplyStatus } from "./replies-schema.ts";
import { REPLY_LINK_REL } from "./reply-rel.ts";

const SELECT = {
  id: true,
  locale: true,
  author_handle: true,
  author_url: true,
  content: true,
  published: true,
  status: true,
  decided_by: true,
  decided_at: true,
  article: { select: { slug: true, title_es: true } },
  thread: { select: { author_handle: true } },
} as const;

/** "Respuestas del fediverso": the replies in one state (pending by default in the desk), newest first. */
export async function listReplies(db: DbClient, input: { status?: ReplyStatus; page: number; pageSize: number }) {
  const where = input.status ? { status: input.status } : {};
  const [rows, total] = await Promise.all([
    db.fediverseReply.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: SELECT,
    }),
    db.fediverseReply.count({ where }),
  ]);
  // Sanitised again on the way out: rows stored under older rules never reach the desk raw.
  const items = rows.map((r) => ({ ...r, content: sanitizeForeignHtml(r.content, REPLY_LINK_REL) }));
  return { items: items as ReplyItem[], total, page: input.page, pageSize: input.pageSize };
}

/**
 * Approves (shown under the article) or rejects (hidden) a reply; an approved reply can later be rejected and
 * a rejected one approved. Asking for the state it is already in is a 409, so two editors record one decision.
 * The article's page is expired either way that changes what readers see.
 */
export async function decideReply(db: DbClient, id: string, status: "approved" | "rejected", actor: Actor) {
  const res = await db.fediverseReply.updateMany({
    where: { id, status: { not: status } },
    data: { status, decided_by: actor.name, decided_at: new Date() },
  });
  const row = await db.fediverseReply.findUnique({ where: { id }, select: { article: { select: { slug: true } } } });
  if (!row) throw notFound("Fediverse reply");
  if (res.count === 0) {
    throw new AppError("CONFLICT", `id: this reply is already ${status}`, {
      field: "id",
      reason: "fediverseReplyDecided",
    });
  }
  await invalidateRepliesOf([row.article.slug]);
  return { success: true };
}

/**
 * Approved replies to an article in one language, oldest first (a conversation reads down), each with the
 * top-level reply it answers, if any (threaded by the page: reply-threads.ts).
 */
export function approvedReplies(db: DbClient, slug: string, locale: string) {
  return db.fediverseReply.findMany({
    where: { status: "approved", locale, article: { slug } },
    orderBy: [{ published: "asc" }, { id: "asc" }],
    select: { id: true, thread_id: true, author_handle: true, author_url: true, content: true, published: true },
  });
}
export type ApprovedReply = Awaited<ReturnType<typeof approvedReplies>>[number];

/** Estadísticas: likes, boosts and replies per article that has any, the most reacted first. */
export async function reactionStats(db: DbClient, limit = 50): Promise<ReactionStats> {
  const [reactions, replies] = await Promise.all([
    db.fediverseReaction.groupBy({ by: ["article_id", "kind"], _count: { _all: true } }),
    db.fediverseReply.groupBy({ by: ["article_id"], where: { status: { not: "rejected" } }, _count: { _all: true } }),
  ]);
  const counts = new Map<string, { likes: number; boosts: number; replies: number }>();
  const entry = (id: string) => counts.get(id) ?? counts.set(id, { likes: 0, boosts: 0, replies: 0 }).get(id)!;
  for (const r of reactions) entry(r.article_id)[r.kind === "like" ? "likes" : "boosts"] += r._count._all;
  for (const r of replies) entry(r.article_id).replies += r._count._all;
  // The articles' titles through this feature's own rows (their relation), one row per article.
  const ids = [...counts.keys()];
  const select = { article_id: true, article: { select: { slug: true, title_es: true } } } as const;
  const named = [
    ...(await db.fediverseReaction.findMany({ where: { article_id: { in: ids } }, distinct: ["article_id"], select })),
    ...(await db.fediverseReply.findMany({ where: { article_id: { in: ids } }, distinct: ["article_id"], select })),
  ];
  const titles = new Map(named.map((r) => [r.article_id, r.article]));
  const items = [...titles].map(([id, a]) => ({ slug: a.slug, title_es: a.title_es, ...counts.get(id)! }));
  items.sort(
    (a, b) => b.likes + b.boosts + b.replies - (a.likes + a.boosts + a.replies) || a.slug.localeCompare(b.slug),
  );
  return { items: items.slice(0, limit) };
}
