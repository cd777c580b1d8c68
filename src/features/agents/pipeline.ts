import { z } from "zod";
import { recentArticleCoverage } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { slugify } from "~/platform/http/slugify.ts";
import { configuredFeeds, type FeedItem, readFeeds } from "~/platform/providers/feeds.ts";
import { searchNewsApi } from "~/platform/providers/newsapi.ts";
import { type ChatRequest, openAiStructured } from "~/platform/providers/openai.ts";
import { type Citation, perplexityStructured } from "~/platform/providers/perplexity.ts";
import type { GroundSource } from "./grounded-prompt.ts";
import { draftPrompt, researchPrompt, translationPrompt } from "./prompts.ts";
import { type LogText, runLog } from "./run-log-text.ts";
import type { RunPlan } from "./run-plan.ts";

/** Run log lines are stored as catalog keys, shown in the reading admin's language. */
const log = runLog;

/** What the LLM writes in the run's primary language (no length keywords: strict structured output). */
export const draftSchema = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  topics: z.array(z.string()),
  tags: z.array(z.string()),
  sources: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type Draft = z.infer<typeof draftSchema>;

export const translationSchema = z.object({ title: z.string(), summary: z.string(), body: z.string() });
export type Translation = z.infer<typeof translationSchema>;

export interface Material {
  brief: string;
  items: FeedItem[];
  /** Sources the gathering found (citations, feed links); they override whatever the model lists. */
  sources: Citation[];
  notes: LogText[];
}

/** Calls the provider of the agent type: Perplexity for perplexity-generator, OpenAI for the rest. */
async function structured<S extends z.ZodType>(plan: RunPlan, request: ChatRequest, schema: S, name: string) {
  if (plan.kind === "perplexity-generator") return perplexityStructured(request, schema, name);
  return { data: await openAiStructured(request, schema, name), citations: [] as Citation[] };
}

const normalise = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 2);

/** Near-identical titles: at least 80% of their significant words in common. */
function similarTitles(a: string, b: string): boolean {
  const wa = new Set(normalise(a));
  const wb = new Set(normalise(b));
  if (wa.size === 0 || wb.size === 0) return false;
  const common = [...wa].filter((w) => wb.has(w)).length;
  return common / Math.max(wa.size, wb.size) >= 0.8;
}

const canonicalUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, "").replace(/[/#?]+$/, "");

/** Drops items an existing article already covers (same URL among its sources, or a near-identical title). */
async function uncoveredItems(db: DbClient, items: FeedItem[]): Promise<FeedItem[]> {
  const recent = await recentArticleCoverage(db);
  const urls = new Set(
    recent
      .flatMap((a) => (Array.isArray(a.sources) ? (a.sources as { url?: string }[]) : []))
      .map((s) => canonicalUrl(String(s?.url ?? ""))),
  );
  const titles = recent.flatMap((a) => [a.title_es, a.title_en ?? ""]).filter(Boolean);
  const seen: FeedItem[] = [];
  for (const item of items) {
    if (urls.has(canonicalUrl(item.url))) continue;
    if (titles.some((t) => similarTitles(t, item.title))) continue;
    if (seen.some((s) => canonicalUrl(s.url) === canonicalUrl(item.url) || similarTitles(s.title, item.title)))
      continue;
    seen.push(item);
  }
  return seen;
}

/** The feed and NewsAPI items that match the run's subject, newest first, that no article covers yet. */
async function relevantItems(db: DbClient, plan: RunPlan) {
  const feeds = await readFeeds(configuredFeeds());
  const news = await searchNewsApi(plan.keywords.length ? plan.keywords : plan.topics);
  const all = [...feeds.items, ...news].sort((a, b) => (b.published ?? "").localeCompare(a.published ?? ""));
  const fresh = await uncoveredItems(db, all);
  // A manual run has no topics: its prompt's longer words stand for them.
  const subject = [...plan.topics, ...plan.keywords];
  const words = subject.length ? subject.flatMap(normalise) : normalise(plan.instructions).filter((w) => w.length > 5);
  const relevant = fresh.filter((i) => normalise(`${i.title} ${i.summary}`).some((w) => words.includes(w)));
  const notes = [
    log("feedsGathered", { feeds: feeds.items.length, news: news.length, covered: all.length - fresh.length }),
    ...feeds.problems.map((problem) => log("feedUnavailable", { problem })),
  ];
  return { fresh, relevant, notes };
}

/** Step 1: the material the draft is written from, and the pages to fetch before drafting. */
export async function gatherMaterial(db: DbClient, plan: RunPlan): Promise<Material> {
  switch (plan.kind) {
    case "news-aggregator": {
      const { fresh, relevant, notes } = await relevantItems(db, plan);
      const chosen = (relevant.length ? relevant : fresh).slice(0, 5);
      return { brief: "", items: chosen, sources: chosen.map((i) => ({ name: i.origin, url: i.url })), notes };
    }
    case "perplexity-generator": {
      const research = await perplexityStructured(
        researchPrompt(plan),
        z.object({ notes: z.string() }),
        "research_notes",
      );
      return {
        brief: research.data.notes,
        items: [],
        sources: research.citations,
        notes: [log("perplexityCitations", { count: research.citations.length })],
      };
    }
    case "interview-generator": {
      // Sources of an interview are only the links the editor put in the material.
      const links = [...new Set(plan.material.match(/https?:\/\/[^\s)>\]"']+/g) ?? [])];
      return {
        brief: "",
        items: [],
        sources: links.map((url) => ({ name: new URL(url).hostname.replace(/^www\./, ""), url })),
        notes: [log("editorMaterial", { length: plan.material.length })],
      };
    }
    default: {
      // The editor's URLs first, then what the configured feeds and NewsAPI have on the agent's topics.
      const given = plan.sourceUrls.map((url) => ({ name: new URL(url).hostname.replace(/^www\./, ""), url }));
      // The search is a help, not a requirement: when no feed answers, the editor's URLs still count.
      const { relevant, notes } = await relevantItems(db, plan).catch((err: Error) => ({
        relevant: [] as FeedItem[],
        notes: [log("feedUnavailable", { problem: err.message })],
      }));
      const found = relevant.slice(0, Math.max(0, 5 - given.length));
      return {
        brief: "",
        items: found,
        sources: [...given, ...found.map((i) => ({ name: i.origin, url: i.url }))],
        notes: [log("editorSources", { count: given.length }), ...notes],
      };
    }
  }
}

/**
 * A grounded run's sources: every one it gathered, in fetch order (the article lists them all, read or not,
 * numbered from 1 as the `[n]` markers number them), and those that were read, the only ones the prompt carries.
 */
export interface RunSources {
  listed: { name: string; url: string }[];
  read: GroundSource[];
}

/** Step 2: the article in the run's primary language. */
export async function writeDraft(
  plan: RunPlan,
  material: Material,
  sources: RunSources = { listed: [], read: [] },
): Promise<Draft> {
  const prompt = draftPrompt(plan, material, sources.read);
  const { data, citations } = await structured(plan, prompt, draftSchema, "article_draft");
  const body = data.body.trim();
  if (!data.title.trim() || !body) throw new Error("the provider returned an article without a title or body");
  // A grounded draft lists every source the run gathered, numbered as the prompt numbered them, then any other
  // URL the model lists. Otherwise (interviews) gathered sources are authoritative over whatever the model lists.
  // URLs the model lists itself follow the gathered ones (fetched afterwards: see fetchListedSources).
  const found = [...material.sources, ...citations];
  const listed = sources.listed.length
    ? citedSources([...sources.listed, ...data.sources])
    : citedSources(found.length ? found : data.sources);
  return {
    title: data.title.trim(),
    summary: data.summary.trim(),
    body,
    topics: data.topics.map(slugify).filter(Boolean).slice(0, 4),
    tags: data.tags
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 6),
    sources: listed,
  };
}

const isWebUrl = (url: string) => {
  try {
    return ["http:", "https:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * Sources as an article stores them: trimmed, without repeats, and only http(s) links. Pages and the review
 * dialog render each as a link, so a `javascript:` or `data:` "source" from a model or a feed must not get in.
 */
export function citedSources(list: { name: string; url: string }[]): { name: string; url: string }[] {
  return list
    .map((s) => ({ name: s.name.trim() || s.url.trim(), url: s.url.trim() }))
    .filter((s, i, all) => isWebUrl(s.url) && all.findIndex((o) => o.url === s.url) === i);
}

/** Step 3: the other language. */
export async function translateDraft(plan: RunPlan, draft: Draft): Promise<Translation> {
  const target = plan.language === "es" ? "en" : "es";
  const { data } = await structured(plan, translationPrompt(target, draft), translationSchema, "translation");
  if (!data.title.trim() || !data.body.trim()) throw new Error("the provider returned an empty translation");
  return { title: data.title.trim(), summary: data.summary.trim(), body: data.body.trim() };
}

export { slugify };
