import { renderMarkdown } from "~/platform/security/markdown.ts";
import { cn } from "~/ui/cn.ts";

/**
 * Rendered bodies by their Markdown. A reader page renders on its first request into Next's cache and again
 * after each write that expires it (the per-request pages, such as an article's sources, on every request),
 * and parsing plus sanitising a long article is the costliest step of a render; the same text always gives
 * the same HTML, so keep the most recent ones (Map keeps insertion order: the oldest is dropped first).
 */
const rendered = new Map<string, string>();
const MAX_RENDERED = 200;

function renderOnce(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
    rendered.set(markdown, html);
  }
  return html;
}

/** Long-form Markdown (articles, editorial pages) as sanitised HTML in the editorial body style. */
export function Prose({ markdown, className }: { markdown: string; className?: string }) {
  const html = renderOnce(markdown);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with an allow-list
  return <div className={cn("prose-article", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
