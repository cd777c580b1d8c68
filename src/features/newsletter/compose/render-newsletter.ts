import { createHash } from "node:crypto";
import WeeklyNewsletter from "@emails/weekly-newsletter.tsx";
import { createElement } from "react";
import { renderEmail } from "~/features/mail/index.ts";
import { plainText } from "~/platform/security/plain-text.ts";
import type { NewsletterItem } from "../schema.ts";
import { archiveUrl, clickUrl, siteUrl, unsubscribeUrl } from "../urls.ts";

/** Stands in for each subscriber's unsubscribe token: the newsletter is rendered once per language, not per person. */
const TOKEN_PLACEHOLDER = "RIESGOSIA_UNSUBSCRIBE_TOKEN_PLACEHOLDER";

interface NewsletterContent {
  id: string;
  slug: string | null;
  subject_es: string;
  subject_en: string | null;
  intro_es: string;
  intro_en: string | null;
  items: unknown;
}

interface RenderedNewsletter {
  subject: string;
  html: string;
  text: string;
}

function newsletterSubject(n: NewsletterContent, locale: string) {
  return plainText(locale === "en" ? (n.subject_en ?? n.subject_es) : n.subject_es);
}

// Rendering costs milliseconds and a send makes one step per batch: keep the last few renders. Keyed by
// content, not updated_at: every sent batch bumps the row's sent_count (and so updated_at).
const cache = new Map<string, Promise<RenderedNewsletter>>();

/** The newsletter in one language, with TOKEN_PLACEHOLDER where the subscriber's token goes. */
export function renderNewsletter(n: NewsletterContent, locale: "es" | "en"): Promise<RenderedNewsletter> {
  const content = JSON.stringify([n.slug, n.subject_es, n.subject_en, n.intro_es, n.intro_en, n.items]);
  const key = `${n.id}:${locale}:${createHash("sha256").update(content).digest("base64url")}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = doRender(n, locale);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
    if (cache.size > 8) cache.delete(cache.keys().next().value as string);
  }
  return hit;
}

async function doRender(n: NewsletterContent, locale: "es" | "en"): Promise<RenderedNewsletter> {
  // Item links go through the click counter (aggregate counts, nothing about the reader).
  const items = (n.items as NewsletterItem[]).map((item, index) => ({
    title: locale === "en" ? (item.title_en ?? item.title_es) : item.title_es,
    summary: locale === "en" ? (item.summary_en ?? item.summary_es) : item.summary_es,
    url: clickUrl(n.id, index, locale),
    sponsored: item.sponsored,
  }));
  const { html, text } = await renderEmail(
    createElement(WeeklyNewsletter, {
      locale,
      siteUrl: siteUrl(locale),
      subject: newsletterSubject(n, locale),
      intro: locale === "en" ? (n.intro_en ?? n.intro_es) : n.intro_es,
      items,
      unsubscribeUrl: unsubscribeUrl(locale, TOKEN_PLACEHOLDER),
      webUrl: n.slug ? archiveUrl(locale, n.slug) : undefined,
    }),
  );
  return { subject: newsletterSubject(n, locale), html: latin1Html(html), text };
}

/**
 * The same HTML with every character beyond Latin-1 written as a numeric entity (the preview's zero-width
 * padding, dashes, quotes). V8 then stores each subscriber's copy one byte per character instead of two: half
 * the memory of every batch a send holds and serialises.
 */
function latin1Html(html: string): string {
  const escaped = html.replace(/[\u0100-\u{10ffff}]/gu, (c) => `&#${c.codePointAt(0)};`);
  // A string built from a two-byte one stays two-byte in V8 even once every character fits one byte: copy it.
  return Buffer.from(escaped, "latin1").toString("latin1");
}

/** One subscriber's copy: the shared render with their own token filled in. */
export function personalise(r: RenderedNewsletter, token: string) {
  return { html: r.html.replaceAll(TOKEN_PLACEHOLDER, token), text: r.text.replaceAll(TOKEN_PLACEHOLDER, token) };
}

/** Sanity for previews: the admin sees the copy with a visibly fake token. */
export const previewToken = () => "preview".padEnd(43, "-");
