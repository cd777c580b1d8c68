"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { api, type RouterInputs } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";
import { RevisionDiff } from "./revision-diff.tsx";

type RestoreInput = RouterInputs["admin"]["revisions"]["restore"];

/** The article's revisions, newest first: who, when, which fields; a per-language diff; restore (a new revision). */
export function RevisionHistory(props: { slug: string; onRestored: (a: ArticleDto) => void }) {
  const t = useTranslations("adminDesk.revisions");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const list = api.admin.revisions.list.useQuery({ slug: props.slug });
  const [open, setOpen] = useState<string | null>(null);
  const restore = api.admin.revisions.restore.useMutation({
    onSuccess: async (article) => {
      toast.success(t("restored"));
      await utils.admin.revisions.list.invalidate({ slug: props.slug });
      props.onRestored(article);
    },
    onError: (err) => toast.error(t("restoreFailed"), { description: errorText(err) }),
  });
  if (list.isLoading) return <p className="text-sm text-muted">{t("loading")}</p>;
  if (!list.data?.length) return <p className="text-sm text-muted">{t("empty")}</p>;
  return (
    <ol className="space-y-3" data-testid="revision-list">
      {list.data.map((r, index) => (
        <li key={r.id} className="space-y-2 border-b border-ink/10 pb-3" data-testid="revision" data-action={r.action}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="text-sm font-semibold">
                {t(`actions.${r.action}` as "actions.edit")}
                {r.restored_from ? <span className="font-normal text-muted"> · {t("restoredFrom")}</span> : null}
              </p>
              <p className="text-xs text-muted" data-testid="revision-author">
                {t("by", { actor: r.actor_name, when: adminDate(r.created_at) })}
              </p>
              <p className="text-xs text-muted">{t("fieldsChanged", { fields: r.fields.join(", ") })}</p>
              {r.confirmed_unofficial_sources.length ? (
                <p className="text-xs font-semibold">
                  {t("confirmed", { urls: r.confirmed_unofficial_sources.join(", ") })}
                </p>
              ) : null}
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setOpen(open === r.id ? null : r.id)}>
                {open === r.id ? t("hideDiff") : t("showDiff")}
              </Button>
              {index > 0 ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ slug: props.slug, id: r.id })}
                  data-testid="revision-restore"
                >
                  {t("restore")}
                </Button>
              ) : null}
            </div>
          </div>
          {open === r.id ? (
            <RevisionDiff
              revision={r}
              onRestoreField={
                index > 0
                  ? (field) =>
                      restore.mutate({
                        slug: props.slug,
                        id: r.id,
                        fields: [field as NonNullable<RestoreInput["fields"]>[number]],
                      })
                  : undefined
              }
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
