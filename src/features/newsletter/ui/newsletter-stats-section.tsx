"use client";

import { useLocale, useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { api } from "~/trpc/react.tsx";
import { adminDate } from "~/ui/dates.ts";
import { AdminTableHead, tableClass, tdClass } from "~/ui/pager.tsx";

/**
 * Estadísticas › Boletín: each sent issue's recipients, delivery and clicks per item, and the list's weekly
 * signups, confirmations and unsubscribes. The chart is hidden from assistive technology: the table under it
 * carries the same figures.
 */
export function NewsletterStatsSection() {
  const t = useTranslations("adminStats.newsletter");
  const locale = useLocale();
  const stats = api.admin.stats.newsletter.useQuery({ weeks: 12 });
  const week = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const weeks = (stats.data?.weeks ?? []).map((w) => ({ ...w, label: week.format(w.week) }));
  const issues = stats.data?.issues ?? [];
  const moves = ["signups", "confirmations", "unsubscribes"] as const;

  return (
    <section className="space-y-4" aria-labelledby="stats-newsletter-title" data-testid="stats-newsletter">
      <h3 id="stats-newsletter-title" className="font-serif text-xl font-bold">
        {t("title")}
      </h3>
      <div className="overflow-x-auto">
        <h4 className="mb-2 font-semibold">{t("issues")}</h4>
        {issues.length === 0 ? (
          <p className="text-sm text-muted">{t("noIssues")}</p>
        ) : (
          <table className={tableClass} data-testid="stats-newsletter-issues">
            <AdminTableHead
              columns={[t("issue"), t("sentAt"), t("recipients"), t("delivered"), t("bounced"), t("clicks")]}
            />
            <tbody>
              {issues.map((n) => (
                <tr key={n.id} data-id={n.id}>
                  <td className={tdClass}>{n.subject}</td>
                  <td className={tdClass}>{n.sent_at ? adminDate(n.sent_at) : t("sending")}</td>
                  <td className={tdClass}>{n.recipients}</td>
                  <td className={tdClass}>{n.delivered}</td>
                  <td className={tdClass}>{n.bounced}</td>
                  <td className={tdClass}>
                    <ol className="list-decimal pl-5">
                      {n.items.map((item, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: an issue's items are fixed once sent
                        <li key={i}>{t("itemClicks", { title: item.title, clicks: item.clicks })}</li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="space-y-2">
        <h4 className="font-semibold">{t("weekly")}</h4>
        <div aria-hidden="true" className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#d9d4c7" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={8} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend />
              <Bar dataKey="signups" name={t("signups")} fill="#1f3a5f" />
              <Bar dataKey="confirmations" name={t("confirmations")} fill="#6b4f2a" />
              <Bar dataKey="unsubscribes" name={t("unsubscribes")} fill="#9a3b3b" />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <div className="overflow-x-auto">
          <table className={tableClass} data-testid="stats-newsletter-weeks">
            <caption className="sr-only">{t("weekly")}</caption>
            <AdminTableHead columns={[t("week"), ...moves.map((m) => t(m))]} />
            <tbody>
              {weeks.map((w) => (
                <tr key={w.label}>
                  <td className={tdClass}>{w.label}</td>
                  {moves.map((m) => (
                    <td key={m} className={tdClass}>
                      {w[m]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
