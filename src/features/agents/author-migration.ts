import {
  allArticleAuthors,
  articleBylines,
  articleBySlug,
  EDITORIAL_AUTHOR,
  invalidateArticles,
} from "~/features/articles/index.ts";
import { changeArticle } from "~/features/publications/index.ts";
import { listAdmins } from "~/features/users/index.ts";
import { type Actor, SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import type { MigrationResult } from "./schema.ts";

const AGENT_PREFIX = /^agent:\s*/i;

/** Names that mark an article as signed by an automated agent rather than a person. */
async function agentNames(db: DbClient): Promise<Set<string>> {
  const agents = await db.agent.findMany({ select: { name: true } });
  return new Set(agents.map((a) => a.name.trim().toLowerCase()));
}

const isAgentAuthor = (author: string | null, names: Set<string>) =>
  Boolean(author && (AGENT_PREFIX.test(author) || names.has(author.trim().toLowerCase())));

/** GET /api/admin/articles/hardcoded-authors: the authors one can assign, and every article with its author. */
export async function hardcodedAuthors(db: DbClient) {
  const [names, articles, admins] = await Promise.all([agentNames(db), articleBylines(db), listAdmins(db)]);
  const humans = new Set<string>();
  for (const a of articles) if (a.author && !isAgentAuthor(a.author, names)) humans.add(a.author.trim());
  humans.delete(EDITORIAL_AUTHOR);
  const authors = [
    { id: "editorial", name: EDITORIAL_AUTHOR, type: "editorial" },
    ...admins.map((u) => ({ id: `user:${u.id}`, name: u.username as string, type: "admin" })),
    ...[...humans]
      .filter((n) => !admins.some((u) => u.username === n))
      .sort()
      .map((name) => ({ id: `name:${name}`, name, type: "autor" })),
  ];
  return {
    authors,
    articles: articles.map((a) => ({ ...a, agent_authored: isAgentAuthor(a.author, names) })),
  };
}

/** The API answers in Spanish, as it always has; the admin renders the same keys in its reader's language. */
const say = translatorFor("es", "adminMigration");

/** POST /api/admin/articles/fix-author-names: sets each named article's author; per-slug results. */
export async function fixAuthorNames(db: DbClient, mapping: Record<string, string>, actor: Actor = SYSTEM_ACTOR) {
  const results: MigrationResult[] = [];
  // Each published article whose byline changed: its own pages are cached under its slug's tag.
  const changedPublished: string[] = [];
  for (const [slug, newAuthor] of Object.entries(mapping)) {
    const row = await articleBySlug(db, slug);
    if (!row) {
      results.push({ slug, status: "failed", message: say("outcomes.articleNotFound") });
      continue;
    }
    await changeArticle(db, slug, { author: newAuthor, author_name: newAuthor }, { action: "author_migration", actor });
    if (row.status === "published") changedPublished.push(slug);
    results.push({
      slug,
      status: "updated",
      old_author: row.author?.trim() || say("outcomes.noName"),
      new_author: newAuthor,
    });
  }
  if (changedPublished.length > 0) await invalidateArticles({ slugs: changedPublished });
  const updated = results.filter((r) => r.status === "updated").length;
  return { results, message: say("outcomes.updated", { count: updated }) };
}

/** POST /api/admin/articles/auto-migrate: articles signed by an agent's name go to the editorial author. */
export async function autoMigrateAuthors(db: DbClient, actor: Actor = SYSTEM_ACTOR) {
  const names = await agentNames(db);
  const rows = await allArticleAuthors(db);
  const mapping = Object.fromEntries(
    rows.filter((r) => isAgentAuthor(r.author, names)).map((r) => [r.slug, EDITORIAL_AUTHOR]),
  );
  if (Object.keys(mapping).length === 0) return { results: [], message: say("outcomes.nothingToMigrate") };
  return fixAuthorNames(db, mapping, actor);
}
