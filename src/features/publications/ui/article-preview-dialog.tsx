"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { api } from "~/trpc/react.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { ExternalLinks } from "~/ui/external-links.tsx";
import { Modal } from "~/ui/modal.tsx";
import { ArticleStatusBadge, authorLabel, TopicBadges } from "./article-badges.tsx";
import { ArticleEditForm } from "./desk/article-edit-form.tsx";
import { MarkedText } from "./desk/marked-text.tsx";
import { RevisionHistory } from "./desk/revision-history.tsx";
import { ScheduleControls } from "./desk/schedule-controls.tsx";
import { unsupportedClaims, VerificationPanel } from "./desk/verification-panel.tsx";

/** Wraps the first occurrence of each unsupported claim in the rendered body in a <mark>. */
function markClaims(root: HTMLElement | null, claims: string[]) {
  if (!root) return;
  for (const claim of claims) {
    const needle = claim.slice(0, 80);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(needle) ?? -1;
      if (at < 0 || node.parentElement?.tagName === "MARK") continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      const mark = document.createElement("mark");
      mark.dataset.testid = "unsupported-claim";
      range.surroundContents(mark);
      break;
    }
  }
}

interface PreviewActions {
  onApprove: (slug: string) => void;
  /** The article changed in the desk (edit, restore, schedule): show the new version and refresh the lists. */
  onChanged: (article: ArticleDto) => void;
  onReject: (slug: string) => void;
  onDelete: (slug: string) => void;
  busy: boolean;
}

function LanguagePane({
  title,
  summary,
  body,
  html,
  emptyWarning,
  unsupported = [],
  unsupportedTitle = [],
  unsupportedSummary = [],
}: {
  title: string;
  summary: string;
  body: string;
  html: string | undefined;
  emptyWarning: string;
  unsupported?: string[];
  unsupportedTitle?: string[];
  unsupportedSummary?: string[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const marks = unsupported.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-marks when the HTML or the findings change.
  useEffect(() => markClaims(ref.current, marks ? marks.split("\n") : []), [html, marks]);
  return (
    <div className="space-y-3">
      <h3 className="font-serif text-xl font-bold" data-testid="preview-title">
        <MarkedText text={title} claims={unsupportedTitle} field="title" />
      </h3>
      <p className="text-muted" data-testid="preview-summary">
        <MarkedText text={summary} claims={unsupportedSummary} field="summary" />
      </p>
      {body.trim() ? (
        <div
          className="prose-article space-y-3 text-sm [&_a]:text-accent-text [&_a]:underline [&_h2]:font-serif [&_h2]:text-lg [&_h2]:font-bold [&_li]:ml-5 [&_ul]:list-disc"
          ref={ref}
          data-testid="preview-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderMarkdown
          dangerouslySetInnerHTML={{ __html: html ?? "" }}
        />
      ) : (
        <p className="rounded-md bg-accent/10 p-3 text-sm font-semibold" role="alert" data-testid="empty-body-warning">
          {emptyWarning}
        </p>
      )}
    </div>
  );
}

type Mode = "preview" | "edit" | "history";

/**
 * docs/product.md §2 "Article preview": every action closes the dialog. The desk adds "Editar" (side-by-side fields,
 * Markdown with live preview, checked sources) and the revision history, without changing the preview itself.
 */
export function ArticlePreviewDialog(
  props: { article: ArticleDto | null; onClose: () => void; initialMode?: "preview" | "edit" } & PreviewActions,
) {
  const t = useTranslations("adminPublications");
  const desk = useTranslations("adminDesk");
  const a = props.article;
  const [mode, setMode] = useState<Mode>("preview");
  const slug = a?.slug;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different article opens in its initial mode.
  useEffect(() => setMode(props.initialMode ?? "preview"), [slug]);
  const rendered = api.admin.publications.rendered.useQuery({ slug: a?.slug ?? "" }, { enabled: Boolean(a) });
  const verification = api.admin.verification.get.useQuery({ slug: a?.slug ?? "" }, { enabled: Boolean(a) });
  const utils = api.useUtils();
  const changed = (next: ArticleDto) => {
    props.onChanged(next);
    void rendered.refetch();
    void utils.admin.verification.get.invalidate({ slug: next.slug });
  };
  const act = (fn: (slug: string) => void) => () => {
    if (!a) return;
    fn(a.slug);
    props.onClose();
  };
  return (
    <Modal
      open={Boolean(a)}
      onOpenChange={(open) => !open && props.onClose()}
      title={a?.title_es ?? ""}
      testId="article-preview-dialog"
      wide
      footer={
        a && mode === "preview" ? (
          <>
            <Button variant="outline" onClick={props.onClose}>
              {t("close")}
            </Button>
            <Button variant="ghost" disabled={props.busy} onClick={act(props.onDelete)} data-testid="preview-delete">
              {t("delete")}
            </Button>
            {a.status === "published" ? (
              <span className="self-center text-sm font-semibold" data-testid="preview-published">
                {t("published")}
              </span>
            ) : (
              <>
                <Button
                  variant="outline"
                  disabled={props.busy}
                  onClick={act(props.onReject)}
                  data-testid="preview-reject"
                >
                  {t("reject")}
                </Button>
                <Button disabled={props.busy} onClick={act(props.onApprove)} data-testid="preview-approve">
                  {t("approve")}
                </Button>
              </>
            )}
          </>
        ) : null
      }
    >
      {a && mode === "edit" ? (
        <ArticleEditForm
          key={a.updated_at.toString()}
          article={a}
          onCancel={() => setMode("preview")}
          onSaved={(next) => {
            changed(next);
            setMode("preview");
          }}
          onSaveAndApprove={(next) => {
            changed(next);
            act(props.onApprove)();
          }}
        />
      ) : null}
      {a && mode === "history" ? (
        <div className="space-y-3">
          <Button variant="outline" size="sm" onClick={() => setMode("preview")}>
            {desk("backToPreview")}
          </Button>
          <RevisionHistory slug={a.slug} onRestored={changed} />
        </div>
      ) : null}
      {a && mode === "preview" ? (
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setMode("edit")} data-testid="preview-edit">
              {desk("edit")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setMode("history")} data-testid="preview-history">
              {desk("history")}
            </Button>
          </div>
          <ScheduleControls article={a} onChanged={changed} />
          {a.image_url ? (
            // biome-ignore lint/performance/noImgElement: admin preview of an arbitrary stored or provider URL; next/image would need every host configured.
            <img src={a.image_url} alt="" className="aspect-[1200/630] w-full rounded-md object-cover" />
          ) : null}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {a.is_agent ? <Badge variant="destructive">{t("aiBadge")}</Badge> : null}
            <span>{authorLabel(a, t("system"))}</span>
            <span className="text-muted">· {new Date(a.date).toLocaleDateString("es-ES")}</span>
            <ArticleStatusBadge article={a} />
            <TopicBadges topics={a.topics} />
          </div>
          <Tabs.Root defaultValue="es">
            <Tabs.List className="flex gap-1 border-b border-ink/15">
              {(["es", "en"] as const).map((lang) => (
                <Tabs.Trigger
                  key={lang}
                  value={lang}
                  className="px-3 py-2 text-sm font-semibold text-muted data-[state=active]:border-b-2 data-[state=active]:border-ink data-[state=active]:text-ink"
                >
                  {lang === "es" ? t("tabsEs") : t("tabsEn")}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="es" className="pt-4">
              <LanguagePane
                title={a.title_es}
                summary={a.summary_es}
                body={a.body_es}
                html={rendered.data?.es}
                emptyWarning={t("emptyBody")}
                unsupported={unsupportedClaims(verification.data?.report, "es")}
                unsupportedTitle={unsupportedClaims(verification.data?.report, "es", "title")}
                unsupportedSummary={unsupportedClaims(verification.data?.report, "es", "summary")}
              />
            </Tabs.Content>
            <Tabs.Content value="en" className="pt-4">
              {a.title_en ? null : <p className="mb-2 text-xs text-muted">{t("noEnglish")}</p>}
              <LanguagePane
                title={a.title_en || a.title_es}
                summary={a.summary_en || a.summary_es}
                body={a.body_en || a.body_es}
                html={rendered.data?.en}
                emptyWarning={t("emptyBody")}
                unsupported={unsupportedClaims(verification.data?.report, "en")}
                unsupportedTitle={unsupportedClaims(verification.data?.report, "en", "title")}
                unsupportedSummary={unsupportedClaims(verification.data?.report, "en", "summary")}
              />
            </Tabs.Content>
          </Tabs.Root>
          <VerificationPanel slug={a.slug} />
          {a.sources.length ? (
            <section className="text-sm">
              <h4 className="font-semibold">{t("sources")}</h4>
              <ExternalLinks links={a.sources} className="ml-5 list-disc" />
            </section>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
