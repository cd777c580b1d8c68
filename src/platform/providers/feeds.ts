import { XMLParser } from "fast-xml-parser";
import { env } from "~/platform/env/env.js";

/** One news item from a feed or NewsAPI. */
export interface FeedItem {
  title: string;
  url: string;
  summary: string;
  /** ISO date when the feed gives one. */
  published: string | null;
  /** The feed's (or outlet's) name, shown as the source name. */
  origin: string;
}

/**
 * Official bodies' feeds used when NEWS_FEEDS is unset: EU digital policy (the AI Office sits in DG CNECT),
 * the European Parliament, NIST, OECD.AI and the UK AI Security Institute (GOV.UK Atom).
 */
const DEFAULT_FEEDS = [
  "https://digital-strategy.ec.europa.eu/en/rss.xml",
  "https://www.europarl.europa.eu/rss/doc/press-releases/en.xml",
  "https://www.nist.gov/news-events/news/rss.xml",
  "https://oecd.ai/en/wonk/rss.xml",
  "https://www.gov.uk/government/organisations/ai-security-institute.atom",
];

export function configuredFeeds(): string[] {
  const list = env.NEWS_FEEDS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list?.length ? list : DEFAULT_FEEDS;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  // Feeds are untrusted: no entity expansion beyond the XML built-ins.
  processEntities: true,
  htmlEntities: false,
});

type Node = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v == null ? [] : [v]);
function text(v: unknown): string {
  if (typeof v === "string" || typeof v === "number") return String(v).trim();
  if (v && typeof v === "object" && "#text" in v) return String((v as Node)["#text"]).trim();
  return "";
}
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
function isoDate(v: unknown): string | null {
  const d = new Date(text(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Parses RSS 2.0 or Atom into items (malformed entries without a title or link are skipped). */
function parseFeed(xml: string, fallbackOrigin: string): FeedItem[] {
  const doc = parser.parse(xml) as Node;
  const rss = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (rss) {
    const origin = text(rss.title) || fallbackOrigin;
    return list(rss.item).flatMap((raw) => {
      const item = raw as Node;
      const url = text(item.link) || text(item.guid);
      const title = text(item.title);
      if (!url || !title) return [];
      return [{ title, url, summary: stripTags(text(item.description)), published: isoDate(item.pubDate), origin }];
    });
  }
  const feed = doc.feed as Node | undefined;
  if (feed) {
    const origin = text(feed.title) || fallbackOrigin;
    return list(feed.entry).flatMap((raw) => {
      const entry = raw as Node;
      const links = list(entry.link) as Node[];
      const link = links.find((l) => !l["@rel"] || l["@rel"] === "alternate") ?? links[0];
      const url = link ? String(link["@href"] ?? "") : "";
      const title = text(entry.title);
      if (!url || !title) return [];
      const summary = stripTags(text(entry.summary) || text(entry.content));
      return [{ title, url, summary, published: isoDate(entry.updated ?? entry.published), origin }];
    });
  }
  return [];
}

/**
 * Reads every feed; one unreachable feed is reported, not fatal, unless all of them fail.
 * Returns the items and the per-feed problems for the run's logs.
 */
export async function readFeeds(urls: string[]): Promise<{ items: FeedItem[]; problems: string[] }> {
  const settled = await Promise.allSettled(
    urls.map(async (url) => {
      const res = await fetch(url, {
        headers: { "User-Agent": "riesgos-ia-agent", Accept: "application/rss+xml, application/atom+xml, */*" },
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return parseFeed(await res.text(), new URL(url).hostname);
    }),
  );
  const items: FeedItem[] = [];
  const problems: string[] = [];
  settled.forEach((s, i) => {
    if (s.status === "fulfilled") items.push(...s.value);
    else problems.push(s.reason instanceof Error ? s.reason.message : `${urls[i]}: failed`);
  });
  if (urls.length > 0 && problems.length === urls.length) throw new Error(`no feed could be read: ${problems[0]}`);
  return { items, problems };
}
