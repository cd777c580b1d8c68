"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { useTranslations } from "next-intl";
import { type ComponentType, useEffect, useState } from "react";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { TrustSettingsForm } from "~/features/editorial/ui/trust-settings-form.tsx";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";
import { ArticlePreviewDialog } from "./article-preview-dialog.tsx";
import { ArticleRow } from "./article-row.tsx";
import { ChangedSourcesList } from "./desk/changed-sources-list.tsx";
import { DeadSourcesList } from "./desk/dead-sources-list.tsx";
import { FindingsConfirmDialog, isUnverifiedDraftRefusal } from "./desk/findings-confirm.tsx";
import { LinkCheckSettingsForm } from "./desk/link-check-settings-form.tsx";
import { UnreviewedList } from "./desk/unreviewed-list.tsx";

/** 'Publicaciones' (docs/product.md §2): review queue (Pendientes) and approved list, preview, manual generation. */
/** The manual generation dialog, which the agents feature owns (it runs their pipeline). */
export type GenerationDialog = ComponentType<{ open: boolean; onClose: () => void; onStarted: () => void }>;

export function PublicationsTab({ generationDialog: ManualGenerationDialog }: { generationDialog: GenerationDialog }) {
  const t = useTranslations("adminPublications");
  const utils = api.useUtils();
  const drafts = api.admin.publications.drafts.useQuery();
  const approved = api.admin.publications.approved.useQuery();
  const scheduled = api.admin.publications.scheduled.useQuery();
  const deadSources = api.admin.verification.deadSources.useQuery();
  const changedSources = api.admin.verification.changedSources.useQuery();
  const firstWeek = api.admin.publications.firstWeekReaders.useQuery(
    { slugs: (approved.data ?? []).slice(0, 200).map((a) => a.slug) },
    { enabled: Boolean(approved.data?.length) },
  );
  const readersOf = new Map(firstWeek.data?.map((r) => [r.slug, r.readers]));
  const desk = useTranslations("adminDesk.schedule");
  const verificationT = useTranslations("adminDesk.verification");
  const trustT = useTranslations("trust.admin");
  const [unconfirmed, setUnconfirmed] = useState<{ slug: string; status: "published" } | null>(null);
  const [preview, setPreview] = useState<ArticleDto | null>(null);
  // "Escribir una corrección" opens the article straight in the editor, where saving asks for the note.
  const [previewMode, setPreviewMode] = useState<"preview" | "edit">("preview");
  const [generating, setGenerating] = useState(false);
  const fail = (description: string) => toast.error(t("toasts.errorTitle"), { description });

  useEffect(() => {
    if (drafts.error) toast.error(t("toasts.errorTitle"), { description: t("toasts.loadDrafts") });
  }, [drafts.error, t]);
  useEffect(() => {
    if (approved.error) toast.error(t("toasts.errorTitle"), { description: t("toasts.loadApproved") });
  }, [approved.error, t]);

  const reload = () =>
    Promise.all([
      utils.admin.publications.drafts.invalidate(),
      utils.admin.publications.approved.invalidate(),
      utils.admin.publications.scheduled.invalidate(),
      utils.admin.verification.deadSources.invalidate(),
      utils.admin.verification.changedSources.invalidate(),
    ]);
  const mutation = <T,>(success: (r: T, vars: { slug: string }) => string | null, failure: string) => ({
    onSuccess: async (r: T, vars: { slug: string }) => {
      const message = success(r, vars);
      if (message) toast.success(message);
      await reload();
    },
    onError: () => fail(failure),
  });
  const review = api.admin.publications.review.useMutation({
    onSuccess: async (r) => {
      toast.success(r.status === "published" ? t("toasts.approved") : t("toasts.rejected"));
      await reload();
    },
    onError: (e, vars) => {
      // A draft with verification findings is approved only with the editor's explicit confirmation.
      if (isUnverifiedDraftRefusal(e) && vars.status === "published" && !vars.confirm_findings) {
        setUnconfirmed({ slug: vars.slug, status: "published" });
        return;
      }
      fail(vars.status === "published" ? t("toasts.approve") : t("toasts.reject"));
    },
  });
  const remove = api.admin.publications.delete.useMutation(mutation(() => t("toasts.deleted"), t("toasts.delete")));
  const featured = api.admin.publications.toggleFeatured.useMutation(
    mutation((r: ArticleDto) => (r.featured ? t("toasts.featured") : t("toasts.unfeatured")), t("toasts.feature")),
  );
  const staticToggle = api.admin.publications.toggleStatic.useMutation(
    // The API's answer is Spanish; the admin says it in its own language from the row it toggled.
    mutation((_r, vars) => {
      const rows = [...(drafts.data ?? []), ...(approved.data ?? [])];
      const wasStatic = rows.find((a) => a.slug === vars.slug)?.is_static;
      return t(wasStatic ? "outcomes.markedDynamic" : "outcomes.markedStatic");
    }, t("toasts.static")),
  );
  const image = api.admin.publications.regenerateImage.useMutation(
    mutation(() => t("toasts.imageQueued"), t("toasts.image")),
  );
  const reviewed = api.admin.verification.markChangedSourceReviewed.useMutation({
    onSuccess: async () => {
      toast.success(verificationT("changedReviewed"));
      await reload();
    },
    onError: () => fail(verificationT("changedReviewFailed")),
  });
  const writeCorrection = async (slug: string) => {
    // The desk's list holds the newest articles only; an older one is read on its own.
    const article =
      approved.data?.find((a) => a.slug === slug) ?? (await utils.articles.bySlug.fetch({ slug }).catch(() => null));
    if (!article) return fail(verificationT("changedLoadFailed"));
    setPreviewMode("edit");
    setPreview(article);
  };
  const busySlug = [review, remove, featured, staticToggle, image].find((m) => m.isPending)?.variables?.slug ?? null;

  const rowActions = {
    onPreview: (article: ArticleDto) => {
      setPreviewMode("preview");
      setPreview(article);
    },
    onToggleFeatured: (slug: string) => featured.mutate({ slug }),
    onToggleStatic: (slug: string) => staticToggle.mutate({ slug }),
    onRegenerateImage: (slug: string) => image.mutate({ slug }),
    busySlug,
  };
  const list = (items: ArticleDto[] | undefined, loading: boolean, empty: string) =>
    loading ? (
      <p className="text-sm text-muted">{t("loading")}</p>
    ) : items?.length ? (
      <ul className="space-y-3">
        {items.map((a) => (
          <ArticleRow key={a.id} article={a} firstWeekReaders={readersOf.get(a.slug)} {...rowActions} />
        ))}
      </ul>
    ) : (
      <p className="text-sm text-muted">{empty}</p>
    );

  return (
    <section data-testid="admin-tab-publications" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() => reload().catch(() => fail(t("toasts.refresh")))}
            data-testid="publications-refresh"
          >
            {t("refresh")}
          </Button>
          <Button onClick={() => setGenerating(true)} data-testid="publications-generate">
            {t("generate")}
          </Button>
        </div>
      </div>
      <Tabs.Root defaultValue="pending">
        <Tabs.List className="flex gap-1 border-b border-ink/15">
          {(
            [
              ["pending", t("pending", { count: drafts.data?.length ?? 0 })],
              ["approved", t("approved", { count: approved.data?.length ?? 0 })],
              ["scheduled", desk("scheduled", { count: scheduled.data?.length ?? 0 })],
              ["unreviewed", trustT("unreviewedTitle")],
              ["dead-sources", verificationT("deadTab", { count: deadSources.data?.length ?? 0 })],
              ["changed-sources", verificationT("changedTab", { count: changedSources.data?.length ?? 0 })],
            ] as const
          ).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              data-testid={`publications-${value}-tab`}
              className="px-3 py-2 text-sm font-semibold text-muted data-[state=active]:border-b-2 data-[state=active]:border-ink data-[state=active]:text-ink"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="pending" className="pt-4" data-testid="publications-pending">
          {list(drafts.data, drafts.isLoading, t("emptyPending"))}
        </Tabs.Content>
        <Tabs.Content value="approved" className="pt-4" data-testid="publications-approved">
          {list(approved.data, approved.isLoading, t("emptyApproved"))}
        </Tabs.Content>
        <Tabs.Content value="scheduled" className="pt-4" data-testid="publications-scheduled">
          {list(scheduled.data, scheduled.isLoading, desk("emptyScheduled"))}
        </Tabs.Content>
        <Tabs.Content value="unreviewed" className="space-y-4 pt-4">
          <UnreviewedList />
          <TrustSettingsForm />
        </Tabs.Content>
        <Tabs.Content value="dead-sources" className="pt-4">
          <DeadSourcesList
            items={deadSources.data ?? []}
            loading={deadSources.isLoading}
            failed={Boolean(deadSources.error)}
          />
        </Tabs.Content>
        <Tabs.Content value="changed-sources" className="space-y-4 pt-4">
          <LinkCheckSettingsForm />
          <ChangedSourcesList
            items={changedSources.data ?? []}
            loading={changedSources.isLoading}
            failed={Boolean(changedSources.error)}
            busyId={reviewed.isPending ? (reviewed.variables?.id ?? null) : null}
            onWriteCorrection={(slug) => void writeCorrection(slug)}
            onMarkReviewed={(id) => reviewed.mutate({ id })}
          />
        </Tabs.Content>
      </Tabs.Root>
      <ArticlePreviewDialog
        article={preview}
        initialMode={previewMode}
        onClose={() => {
          setPreview(null);
          setPreviewMode("preview");
        }}
        busy={busySlug !== null}
        onApprove={(slug) => review.mutate({ slug, status: "published" })}
        onChanged={(article) => {
          setPreview(article);
          void reload();
        }}
        onReject={(slug) => review.mutate({ slug, status: "rejected" })}
        onDelete={(slug) => remove.mutate({ slug })}
      />
      <FindingsConfirmDialog
        open={unconfirmed !== null}
        onCancel={() => setUnconfirmed(null)}
        onConfirm={() => {
          if (unconfirmed) review.mutate({ ...unconfirmed, confirm_findings: true });
          setUnconfirmed(null);
        }}
      />
      <ManualGenerationDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onStarted={() => void utils.admin.runs.invalidate()}
      />
    </section>
  );
}
