import { Article, Hashtag, Image, PUBLIC_COLLECTION } from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import type { Article as ArticleRow } from "~/generated/prisma/client.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { renderMarkdown } from "~/platform/security/markdown.ts";

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** How many paragraphs of the body go out with the summary: enough to read on Mastodon, not the whole piece. */
const PARAGRAPHS = 3;

export const articlePageUrl = (origin: string, locale: Locale, slug: string) =>
  `${origin}${locale === "en" ? "/en" : ""}/noticias/${encodeURIComponent(slug)}`;

/** A topic or tag as a hashtag name: letters and digits only (Mastodon links `#IARegulación`, not `#IA regulación`). */
export const hashtagName = (tag: string) =>
  tag
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** The article's topics and tags as distinct hashtag names. */
export const hashtagNames = (row: Pick<ArticleRow, "topics" | "tags">): string[] => [
  ...new Set([...row.topics, ...row.tags].map(hashtagName).filter(Boolean)),
];

export const hashtagUrl = (origin: string, locale: Locale, name: string) =>
  `${origin}${locale === "en" ? "/en" : ""}/noticias?tag=${encodeURIComponent(name)}`;

function firstParagraphs(markdown: string): string {
  const html = renderMarkdown(markdown);
  return (html.match(/<p>[\s\S]*?<\/p>/g) ?? []).slice(0, PARAGRAPHS).join("");
}

export interface ArticleIds {
  id: URL;
  attribution: URL;
  followers: URL;
}

/**
 * The article as an ActivityStreams Article in one language: name, summary, content (the summary, the first
 * paragraphs and a link to the page, so Mastodon shows more than a title), url, image with alt text,
 * published/updated, a Hashtag per topic and tag, sensitive false; the sponsor's label on sponsored pieces, and
 * the correction note when one is given. Addressed to the public, with the followers in cc.
 */
export function articleObject(row: ArticleRow, locale: Locale, origin: string, ids: ArticleIds, note?: string | null) {
  const t = translatorFor(locale, "fediverse");
  const en = locale === "en";
  const title = (en && row.title_en) || row.title_es;
  const summary = (en && row.summary_en) || row.summary_es;
  const body = (en && row.body_en) || row.body_es;
  const url = articlePageUrl(origin, locale, row.slug);
  const tags = hashtagNames(row);
  const parts = [
    row.sponsored ? `<p><strong>${escapeHtml(t("sponsored", { label: row.sponsor_label ?? "" }))}</strong></p>` : "",
    note ? `<p><strong>${escapeHtml(t("correction", { note }))}</strong></p>` : "",
    `<p>${escapeHtml(summary)}</p>`,
    firstParagraphs(body),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t("readMore"))}</a></p>`,
  ];
  return new Article({
    id: ids.id,
    attribution: ids.attribution,
    to: PUBLIC_COLLECTION,
    cc: ids.followers,
    name: title,
    summary,
    content: parts.join(""),
    url: new URL(url),
    image: row.image_url ? new Image({ url: new URL(row.image_url, origin), name: title }) : null,
    published: Temporal.Instant.from((row.published_at ?? row.date).toISOString()),
    updated: Temporal.Instant.from(row.updated_at.toISOString()),
    tags: tags.map((name) => new Hashtag({ name: `#${name}`, href: new URL(hashtagUrl(origin, locale, name)) })),
    sensitive: false,
  });
}
