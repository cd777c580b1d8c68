"use client";

import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";

/**
 * "Publicados sin revisión humana": agent articles published on their own after the automated check, each
 * with one action: the editor reviews it and the article then names them (EU AI Act art. 50(4)).
 */
export function UnreviewedList() {
  const t = useTranslations("trust.admin");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const unreviewed = api.admin.publications.unreviewed.useQuery();
  const review = api.admin.publications.markReviewed.useMutation({
    onSuccess: () => {
      toast.success(t("reviewed"));
      void utils.admin.publications.unreviewed.invalidate();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  return (
    <section className="space-y-3" data-testid="unreviewed">
      <h3 className="font-serif text-lg font-bold">{t("unreviewedTitle")}</h3>
      <p className="text-sm text-muted">{t("unreviewedHint")}</p>
      {unreviewed.data?.length ? (
        <ul className="space-y-2 text-sm">
          {unreviewed.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 rounded-md border border-ink/15 p-3">
              <span className="font-semibold">{a.title_es}</span>
              <span className="text-xs text-muted">{adminDate(a.date)}</span>
              <Button
                size="sm"
                disabled={review.isPending}
                onClick={() => review.mutate({ slug: a.slug })}
                data-testid={`review-${a.slug}`}
              >
                {t("review")}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{unreviewed.isLoading ? null : t("unreviewedEmpty")}</p>
      )}
    </section>
  );
}
