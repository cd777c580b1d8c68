import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { slugify } from "~/platform/http/slugify.ts";
import { toAgentDto } from "./agents.ts";

/** What readers see of an agent on its author page: what it does and what it reads. */
export interface AgentProfile {
  name: string;
  type: string;
  description: string | null;
  topics: string[];
  keywords: string[];
  sourceUrls: string[];
}

/** The agent whose name gives this author slug (drafts, never run, have no page), or null. */
export async function agentProfile(client: DbClient, slug: string): Promise<AgentProfile | null> {
  const rows = await client.agent.findMany({ where: { status: { not: "draft" } }, orderBy: { created_at: "asc" } });
  const row = rows.find((a) => slugify(a.name) === slug);
  if (!row) return null;
  const agent = toAgentDto(row);
  return {
    name: agent.name,
    type: agent.type,
    description: agent.description,
    topics: agent.config.content.topics,
    keywords: agent.config.newsApi.keywords,
    sourceUrls: agent.config.content.sourceUrls,
  };
}

/** Author pages read agents through the data cache, refreshed by time (an agent's settings rarely change). */
export const agentContent = {
  profile: cached(
    "agents.profile",
    (slug: string) => agentProfile(db, slug),
    () => ["public:agents"],
    CONTENT_TTL,
  ),
};
