import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extractFacts } from "~/features/grounding/facts/extract.ts";
import { FACTS_VERSION } from "~/features/grounding/facts/types.ts";
import type { SnapshotView } from "~/features/grounding/source-snapshots.ts";
import { checkedContentOf, verifyContent } from "~/features/grounding/verify-article.ts";
// The desk's pure pieces, not the feature's index: the index opens the database at import, and the launcher
// imports the seed before it has started one.
import { recordRevision } from "~/features/publications/record-revision.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "data", "agent-drafts.json");

interface SeedSnapshot {
  url: string;
  title: string;
  fetched_at: string;
  text: string;
}
interface SeedDraft {
  article: Record<string, unknown> & { slug: string; body_es: string; body_en: string };
  snapshots: SeedSnapshot[];
}

const drafts = () => JSON.parse(fs.readFileSync(FILE, "utf8")) as SeedDraft[];

export const agentDraftSlugs = () => drafts().map((d) => d.article.slug);

/**
 * Two example agent drafts in Pendientes, each with its source snapshots (copies shipped in agent-drafts.json)
 * and the report the real verifier gives on them: a newcomer sees the verification before configuring any AI
 * provider. Drafts, so the public pages and the published counts stay as they were. Inserted once, by slug.
 */
export async function loadAgentDrafts(db: DbClient): Promise<{ count: number }> {
  let count = 0;
  for (const { article, snapshots } of drafts()) {
    const { count: created } = await db.article.createMany({
      data: [{ ...article, created_at: article.date, updated_at: article.date }] as never,
      skipDuplicates: true,
    });
    if (!created) continue;
    count++;
    const row = await db.article.findUniqueOrThrow({ where: { slug: article.slug } });
    const views: SnapshotView[] = [];
    for (const s of snapshots) {
      // Read into facts as a fetched copy is (source-snapshots.ts), so the desk shows them for these too.
      const facts = extractFacts(s.text);
      const stored = await db.sourceSnapshot.create({
        data: {
          article_id: row.id,
          url: s.url,
          final_url: s.url,
          ok: true,
          http_status: 200,
          fetched_at: new Date(s.fetched_at),
          content_hash: createHash("sha256").update(s.text).digest("hex"),
          title: s.title,
          text: s.text,
          kind: "html",
          facts: facts as unknown as Prisma.InputJsonValue,
          facts_version: FACTS_VERSION,
        },
      });
      views.push({
        id: stored.id,
        url: s.url,
        finalUrl: s.url,
        ok: true,
        status: 200,
        reason: null,
        detail: "",
        fetchedAt: stored.fetched_at,
        title: s.title,
        text: s.text,
        contentHash: stored.content_hash,
        etag: null,
        lastModified: null,
        allowListed: true, // the shipped sources are on the default allow-list (europa.eu)
        truncated: false,
        checkState: null,
        checkedAt: null,
        facts,
        factsVersion: FACTS_VERSION,
      });
    }
    const sources = (article.sources as { name: string; url: string }[]) ?? [];
    // Every field, as a generated draft is checked: titles and summaries too, in both languages.
    const report = verifyContent(checkedContentOf(row, sources), views);
    await recordRevision(db, null, row, {
      action: "agent_draft",
      actor: { id: null, name: String(article.author_name ?? "") },
      verification: report,
    });
  }
  return { count };
}
