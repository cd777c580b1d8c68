"use client";

import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";

/** Estadísticas' fediverse part: likes, boosts and replies (not rejected) per article, the most reacted first. */
export function FediverseReactionsSection() {
  const t = useTranslations("adminFediverseReplies");
  const stats = api.admin.fediverseReplies.reactions.useQuery({});
  const items = stats.data?.items ?? [];
  return (
    <section aria-labelledby="fediverse-reactions-title" className="mt-8" data-testid="fediverse-reactions">
      <h3 id="fediverse-reactions-title" className="font-serif text-xl font-bold">
        {t("reactionsTitle")}
      </h3>
      {stats.data && items.length === 0 && <p className="mt-2 text-sm text-muted">{t("reactionsEmpty")}</p>}
      {items.length > 0 && (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-rule text-left">
              <th className="py-1 pr-2">{t("article")}</th>
              <th className="py-1 pr-2 text-right">{t("likes")}</th>
              <th className="py-1 pr-2 text-right">{t("boosts")}</th>
              <th className="py-1 text-right">{t("replies")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.slug} className="border-b border-rule/50" data-testid="fediverse-reactions-row">
                <td className="py-1 pr-2">
                  <a href={`/noticias/${a.slug}`} target="_blank" rel="noreferrer" className="underline">
                    {a.title_es}
                  </a>
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{a.likes}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{a.boosts}</td>
                <td className="py-1 text-right tabular-nums">{a.replies}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
