"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { toast } from "~/ui/toast.ts";
import type { MigrationResult } from "../schema.ts";

/** 'Migración' (docs/product.md §2): move articles signed by an automated agent to a real author. */
export function MigrationTab() {
  const t = useTranslations("adminMigration");
  const utils = api.useUtils();
  const data = api.admin.migration.authors.useQuery();
  const [results, setResults] = useState<MigrationResult[]>([]);
  const fail = (description: string) => toast.error(t("toasts.errorTitle"), { description });

  useEffect(() => {
    if (data.error) toast.error(t("toasts.errorTitle"), { description: t("toasts.load") });
  }, [data.error, t]);

  const after = async (res: { results: MigrationResult[] }) => {
    setResults(res.results);
    await Promise.all([utils.admin.migration.authors.invalidate(), utils.admin.publications.invalidate()]);
  };
  const fix = api.admin.migration.fixAuthorNames.useMutation({
    onSuccess: async (res) => {
      const count = res.results.filter((r) => r.status === "updated").length;
      toast.success(t("toasts.done"), { description: t("toasts.doneDescription", { count }) });
      await after(res);
    },
    onError: () => fail(t("toasts.failed")),
  });
  const auto = api.admin.migration.autoMigrate.useMutation({
    onSuccess: async (res) => {
      const count = res.results.filter((r) => r.status === "updated").length;
      const description = res.results.length ? t("outcomes.updated", { count }) : t("outcomes.nothingToMigrate");
      toast.success(t("toasts.autoDone"), { description });
      await after(res);
    },
    onError: () => fail(t("toasts.autoFailed")),
  });
  const running = fix.isPending || auto.isPending;
  const articles = data.data?.articles ?? [];
  const agentArticles = articles.filter((a) => a.agent_authored);

  const assign = (author: string) => {
    if (agentArticles.length === 0) {
      toast.info(t("noAgentArticles"));
      return;
    }
    fix.mutate({ mapping: Object.fromEntries(agentArticles.map((a) => [a.slug, author])) });
  };

  return (
    <section data-testid="admin-tab-migration" className="space-y-5">
      <div>
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t("description")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button disabled={running} onClick={() => auto.mutate()} data-testid="migration-auto">
          {running ? t("migrating") : t("autoMigrate")}
        </Button>
        {data.data?.authors.map((author) => (
          <Button key={author.id} variant="outline" disabled={running} onClick={() => assign(author.name)}>
            {running ? t("migrating") : t("assignTo", { author: author.name })}
            <span className="text-xs font-normal text-muted">({author.type})</span>
          </Button>
        ))}
      </div>

      {results.length ? (
        <section className="rounded-lg border border-ink/15 bg-surface p-4" data-testid="migration-results">
          <h3 className="font-semibold">{t("results")}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {results.map((r) => (
              <li key={r.slug} className={r.status === "updated" ? "" : "text-accent-text"}>
                {r.status === "updated"
                  ? t("updated", { slug: r.slug, old: r.old_author || t("noAuthor"), new: r.new_author ?? "" })
                  : t("failed", { slug: r.slug, message: t("outcomes.articleNotFound") })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink/15 text-xs uppercase text-muted">
            <tr>
              <th className="py-2 pr-3">{t("columns.title")}</th>
              <th className="py-2 pr-3">{t("columns.author")}</th>
              <th className="py-2 pr-3">{t("columns.date")}</th>
              <th className="py-2">{t("columns.status")}</th>
            </tr>
          </thead>
          <tbody>
            {articles.map((a) => (
              <tr
                key={a.slug}
                className={a.agent_authored ? "border-b border-ink/5 bg-accent/10" : "border-b border-ink/5"}
                data-agent-authored={a.agent_authored}
              >
                <td className="py-2 pr-3">{a.title_es}</td>
                <td className="py-2 pr-3">
                  {a.author || t("noAuthor")}{" "}
                  {a.agent_authored ? <Badge variant="destructive">{t("agentAuthor")}</Badge> : null}
                </td>
                <td className="py-2 pr-3">{adminDate(a.date)}</td>
                <td className="py-2">{t(`statuses.${a.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
