"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { inputClass } from "~/ui/field.tsx";
import { useDebounced } from "~/ui/use-debounced.ts";

/**
 * A Markdown body with its live preview. The preview is rendered on the server by the public page's own
 * sanitising renderer (src/platform/security/markdown.ts), so what the editor sees is what readers will get.
 */
export function MarkdownField(props: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const t = useTranslations("adminDesk.fields");
  const markdown = useDebounced(props.value);
  const rendered = api.admin.publications.renderMarkdown.useQuery(
    { markdown },
    { placeholderData: keepPreviousData, staleTime: 60_000 },
  );
  return (
    <div className="space-y-2">
      <label htmlFor={props.id} className="block text-sm font-semibold">
        {props.label}
      </label>
      <textarea
        id={props.id}
        className={`${inputClass} min-h-48 font-mono text-xs`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.id}
      />
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t("livePreview")}</p>
      <div
        className="prose-article max-h-64 space-y-3 overflow-y-auto rounded-md border border-ink/15 p-3 text-sm [&_a]:text-accent-text [&_a]:underline [&_h2]:font-serif [&_h2]:text-lg [&_h2]:font-bold [&_li]:ml-5 [&_ul]:list-disc"
        data-testid={`${props.id}-preview`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderMarkdown
        dangerouslySetInnerHTML={{ __html: rendered.data?.html ?? "" }}
      />
    </div>
  );
}
