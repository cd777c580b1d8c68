import { Hashtag, Image, Note, PUBLIC_COLLECTION } from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import type { Article as ArticleRow } from "~/generated/prisma/client.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { type ArticleIds, articlePageUrl, escapeHtml, hashtagNames, hashtagUrl } from "./article-object.ts";

/**
 * The article as a Note teaser, for readers on Mastodon (which shows an Article as its title and a link): the
 * title in bold, the summary, the link to the page and the hashtags as Mastodon writes them, the picture as an
 * attachment with its alt text; the sponsor's label and the correction note as in the Article. No body: the
 * page is the place to read it.
 */
export function noteObject(row: ArticleRow, locale: Locale, origin: string, ids: ArticleIds, note?: string | null) {
  const t = translatorFor(locale, "fediverse");
  const en = locale === "en";
  const title = (en && row.title_en) || row.title_es;
  const summary = (en && row.summary_en) || row.summary_es;
  const url = articlePageUrl(origin, locale, row.slug);
  const tags = hashtagNames(row);
  const hashtagLinks = tags
    .map(
      (name) =>
        `<a href="${escapeHtml(hashtagUrl(origin, locale, name))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(name)}</span></a>`,
    )
    .join(" ");
  const parts = [
    row.sponsored ? `<p><strong>${escapeHtml(t("sponsored", { label: row.sponsor_label ?? "" }))}</strong></p>` : "",
    note ? `<p><strong>${escapeHtml(t("correction", { note }))}</strong></p>` : "",
    `<p><strong>${escapeHtml(title)}</strong></p>`,
    `<p>${escapeHtml(summary)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    hashtagLinks ? `<p>${hashtagLinks}</p>` : "",
  ];
  return new Note({
    id: ids.id,
    attribution: ids.attribution,
    to: PUBLIC_COLLECTION,
    cc: ids.followers,
    content: parts.join(""),
    url: new URL(url),
    attachments: row.image_url ? [new Image({ url: new URL(row.image_url, origin), name: title })] : [],
    published: Temporal.Instant.from((row.published_at ?? row.date).toISOString()),
    updated: Temporal.Instant.from(row.updated_at.toISOString()),
    tags: tags.map((name) => new Hashtag({ name: `#${name}`, href: new URL(hashtagUrl(origin, locale, name)) })),
    sensitive: false,
  });
}
