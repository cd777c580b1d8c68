"use client";

import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";
import type { ReplyItem } from "../replies-schema.ts";
import { REPLY_LINK_REL } from "../reply-rel.ts";

/** One reply: its article, its author's handle (linked to their profile) and whom it answers, its words, and the two decisions. */
export function ReplyItemView({ reply: r }: { reply: ReplyItem }) {
  const t = useTranslations("adminFediverseReplies");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const settled = (done: string) => ({
    onSuccess: () => {
      toast.success(done);
      void utils.admin.fediverseReplies.list.invalidate();
    },
    onError: (err: unknown) => toast.error(t("failed", { error: errorText(err) })),
  });
  const approve = api.admin.fediverseReplies.approve.useMutation(settled(t("approved")));
  const reject = api.admin.fediverseReplies.reject.useMutation(settled(t("rejected")));
  const busy = approve.isPending || reject.isPending;
  const articlePath = `${r.locale === "en" ? "/en" : ""}/noticias/${r.article.slug}`;
  return (
    <li className="rounded-md border border-ink/15 bg-surface p-4" data-testid="fediverse-reply" data-reply-id={r.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <a href={articlePath} target="_blank" rel="noreferrer" className="font-semibold underline">
          {r.article.title_es}
        </a>
        <span className="text-muted">
          {t(`status.${r.status}`)} · {adminDate(r.published)} · {r.locale}
        </span>
      </div>
      <p className="mt-1 text-sm">
        <a href={r.author_url} target="_blank" rel={REPLY_LINK_REL} className="underline">
          {r.author_handle}
        </a>
        {r.thread && <span className="text-muted"> · {t("inReplyTo", { handle: r.thread.author_handle })}</span>}
      </p>
      <div
        className="prose-article mt-2 text-sm"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on arrival and again by the list (desk-replies.ts), by the site's allow-list
        dangerouslySetInnerHTML={{ __html: r.content }}
      />
      {r.decided_by && (
        <p className="mt-1 text-xs text-muted">
          {t("decidedBy", { name: r.decided_by, date: adminDate(r.decided_at) })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {r.status !== "approved" && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => approve.mutate({ id: r.id })}
            data-testid="fediverse-reply-approve"
          >
            {t("approve")}
          </Button>
        )}
        {r.status !== "rejected" && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => reject.mutate({ id: r.id })}
            data-testid="fediverse-reply-reject"
          >
            {t("reject")}
          </Button>
        )}
      </div>
    </li>
  );
}
