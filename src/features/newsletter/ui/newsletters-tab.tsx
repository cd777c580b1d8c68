"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { AdminTableHead, tableClass } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";
import { NewsletterRow } from "./newsletter-row.tsx";

/** Admin › Newsletters: list with status and dates, generate the weekly Top 5, preview, send or retry, delete. */
export function NewslettersTab() {
  const t = useTranslations("adminNewsletters");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const list = api.admin.newsletters.list.useQuery(undefined, {
    // While a send runs, follow its progress.
    refetchInterval: (query) => (query.state.data?.some((n) => n.status === "sending") ? 1500 : false),
  });
  useEffect(() => {
    if (list.error) toast.error(t("errorTitle"), { description: t("loadError") });
  }, [list.error, t]);
  const refresh = () => utils.admin.newsletters.list.invalidate();

  const generate = api.admin.newsletters.generate.useMutation({
    onSuccess: () => {
      toast.success(t("generatedTitle"), { description: t("generatedBody") });
      void refresh();
    },
    onError: () => toast.error(t("errorTitle"), { description: t("generateError") }),
  });
  const send = api.admin.newsletters.send.useMutation({
    onSuccess: () => {
      toast.success(t("sentTitle"), { description: t("sentBody") });
      void refresh();
    },
    onError: () => toast.error(t("errorTitle"), { description: t("sendError") }),
  });
  const resumeSend = api.admin.newsletters.resumeSend.useMutation({
    onSuccess: () => {
      toast.success(t("sentTitle"), { description: t("sentBody") });
      void refresh();
    },
    onError: (err) => toast.error(t("errorTitle"), { description: errorText(err) }),
  });
  const cancelSend = api.admin.newsletters.cancelSend.useMutation({
    onSuccess: () => {
      toast.success(t("cancelledTitle"));
      void refresh();
    },
    onError: (err) => toast.error(t("errorTitle"), { description: errorText(err) }),
  });
  const remove = api.admin.newsletters.delete.useMutation({
    onSuccess: () => {
      toast.success(t("deletedTitle"));
      void refresh();
    },
    onError: () => toast.error(t("errorTitle"), { description: t("deleteError") }),
  });
  const busy = send.isPending || resumeSend.isPending || remove.isPending || cancelSend.isPending;

  return (
    <section data-testid="admin-tab-newsletters" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        <Button onClick={() => generate.mutate({})} disabled={generate.isPending} data-testid="newsletter-generate">
          {generate.isPending ? t("generating") : t("generate")}
        </Button>
      </div>
      {generate.error ? (
        <p role="alert" className="rounded-md border border-accent/30 bg-accent/5 px-3 py-2 text-sm text-accent-text">
          {t("generateError")}: {errorText(generate.error)}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <AdminTableHead
            columns={[t("subject"), t("state"), t("created"), t("sentAt"), t("recipients")]}
            actions={t("actions")}
          />
          <tbody>
            {list.data?.map((n) => (
              <NewsletterRow
                key={n.id}
                newsletter={n}
                busy={busy}
                onSend={(id) => send.mutate({ id })}
                onResumePaused={(id) => resumeSend.mutate({ id })}
                onCancelSend={(id) => cancelSend.mutate({ id })}
                onDelete={(id) => remove.mutate({ id })}
              />
            ))}
          </tbody>
        </table>
        {list.isLoading ? <p className="py-4 text-sm text-muted">{t("loading")}</p> : null}
        {list.data && list.data.length === 0 ? <p className="py-4 text-sm text-muted">{t("empty")}</p> : null}
      </div>
    </section>
  );
}
