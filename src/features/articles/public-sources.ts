import type { DbClient } from "~/platform/db/client.ts";
import type { ArticleDto } from "./schema.ts";

/**
 * Which of each article's listed sources readers may see. Grounding decides from the copies it stored (a source
 * it could not read is never shown); it builds on articles and so cannot be imported here: the composition root
 * hands its rule to the public router (src/server/api/root.ts).
 */
export type PublicSourcesRule = (
  db: DbClient,
  articles: { id: string; sources: unknown }[],
) => Promise<Map<string, { name: string; url: string }[]>>;

/** The articles with only the sources readers may see (none, if the rule has no answer for one). */
export async function withPublicSources<T extends Pick<ArticleDto, "id" | "sources">>(
  db: DbClient,
  rule: PublicSourcesRule,
  articles: T[],
): Promise<T[]> {
  const shown = await rule(db, articles);
  return articles.map((a) => ({ ...a, sources: (shown.get(a.id) ?? []).map(({ name, url }) => ({ name, url })) }));
}
