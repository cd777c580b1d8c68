import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DbClient } from "~/platform/db/client.ts";
import { agentDraftSlugs, loadAgentDrafts } from "./agent-drafts.ts";

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "data");

function read<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), "utf8")) as T;
}

type Row = Record<string, unknown>;

/** Dated content keeps its own date as its change date (JSON-LD dateModified, sitemap lastmod), not load time. */
const datedRows = (file: string) =>
  read<Row[]>(file).map((row) => ({ ...row, created_at: row.date, updated_at: row.date }));

/**
 * Loads the bundled content. Idempotent: rows are inserted only when their slug is missing, so running it
 * twice gives the same rows and an editor's later changes to seeded content are never overwritten.
 */
export async function loadSeed(db: DbClient) {
  const counts: Record<string, number> = {};
  const insert = async (name: string, fn: () => Promise<{ count: number }>) => {
    counts[name] = (await fn()).count;
  };
  await insert("articles", () =>
    db.article.createMany({ data: datedRows("articles.json") as never, skipDuplicates: true }),
  );
  await insert("interviews", () =>
    db.interview.createMany({ data: datedRows("interviews.json") as never, skipDuplicates: true }),
  );
  await insert("referents", () =>
    db.referent.createMany({ data: read<Row[]>("referents.json") as never, skipDuplicates: true }),
  );
  await insert("companies", () =>
    db.company.createMany({ data: read<Row[]>("companies.json") as never, skipDuplicates: true }),
  );
  await insert("applications", () =>
    db.application.createMany({ data: read<Row[]>("applications.json") as never, skipDuplicates: true }),
  );
  await insert("resources", () =>
    db.resource.createMany({ data: read<Row[]>("resources.json") as never, skipDuplicates: true }),
  );
  await insert("editorialPages", () =>
    db.editorialPage.createMany({ data: read<Row[]>("editorial-pages.json") as never, skipDuplicates: true }),
  );
  const settings = read<Row>("contact-settings.json");
  await insert("contactSettings", () =>
    db.contactSettings.createMany({ data: [{ id: 1, ...settings }] as never, skipDuplicates: true }),
  );
  await insert("agentDrafts", () => loadAgentDrafts(db));
  return counts;
}

/** Slugs and counts of the bundled content, for tests and the home page's expectations. */
export function seedManifest() {
  const slugs = (file: string) => read<{ slug: string }[]>(file).map((r) => r.slug);
  return {
    articles: slugs("articles.json"),
    interviews: slugs("interviews.json"),
    referents: slugs("referents.json"),
    companies: slugs("companies.json"),
    applications: slugs("applications.json"),
    resources: slugs("resources.json"),
    editorialPages: slugs("editorial-pages.json"),
    agentDrafts: agentDraftSlugs(),
  };
}
