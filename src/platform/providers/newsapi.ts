import { z } from "zod";
import { env } from "~/platform/env/env.js";
import type { FeedItem } from "./feeds.ts";

const newsApiResponse = z.object({
  status: z.string(),
  message: z.string().optional(),
  articles: z
    .array(
      z.object({
        title: z.string().nullable(),
        url: z.string(),
        description: z.string().nullable().optional(),
        publishedAt: z.string().nullable().optional(),
        source: z.object({ name: z.string().nullable().optional() }).optional(),
      }),
    )
    .default([]),
});

/** NewsAPI /everything for the agent's keywords (newest first); nothing when no key is configured. */
export async function searchNewsApi(keywords: string[], limit = 20): Promise<FeedItem[]> {
  if (!env.NEWSAPI_KEY || keywords.length === 0) return [];
  const url = new URL(`${env.NEWSAPI_BASE_URL.replace(/\/$/, "")}/everything`);
  url.searchParams.set("q", keywords.map((k) => (k.includes(" ") ? `"${k}"` : k)).join(" OR "));
  url.searchParams.set("sortBy", "publishedAt");
  url.searchParams.set("pageSize", String(limit));
  const res = await fetch(url, {
    headers: { "X-Api-Key": env.NEWSAPI_KEY, "User-Agent": "riesgos-ia-agent" },
    signal: AbortSignal.timeout(30_000),
  });
  const body = newsApiResponse.parse(await res.json().catch(() => ({ status: "error" })));
  if (!res.ok || body.status !== "ok") throw new Error(`NewsAPI ${res.status}: ${body.message ?? "error"}`);
  return body.articles
    .filter((a) => a.title && a.url)
    .map((a) => ({
      title: a.title!,
      url: a.url,
      summary: a.description ?? "",
      published: a.publishedAt ?? null,
      origin: a.source?.name ?? "NewsAPI",
    }));
}
