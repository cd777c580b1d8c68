import { cn } from "~/components/ui/cn.ts";
import { renderMarkdown } from "~/lib/markdown.ts";

/** Long-form Markdown (articles, editorial pages) as sanitised HTML in the editorial body style. */
export function Prose({ markdown, className }: { markdown: string; className?: string }) {
  const html = renderMarkdown(markdown);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with an allow-list
  return <div className={cn("prose-article", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
