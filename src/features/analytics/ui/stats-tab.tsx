"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";
import type { StatsRange } from "../schema.ts";
import { RankedTable, SeriesTable } from "./stats-tables.tsx";
import { TrafficChart } from "./traffic-chart.tsx";

const RANGES: StatsRange[] = ["24h", "7d", "30d"];
type RankedKey = "pieces" | "pages" | "referrers" | "sources" | "campaigns" | "languages" | "devices";

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "0 %" : "—";
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? "+" : ""}${pct} %`;
}

/** Admin › Estadísticas: first-party, cookie-free traffic figures (src/features/analytics). */
/** `newsletterSection` is the newsletter feature's part, composed by the admin shell (no feature imports the other). */
export function StatsTab({ newsletterSection }: { newsletterSection?: ReactNode }) {
  const t = useTranslations("adminStats");
  const locale = useLocale();
  const errorText = useErrorText();
  const [range, setRange] = useState<StatsRange>("7d");
  const overview = api.admin.stats.overview.useQuery({ range });
  const realtime = api.admin.stats.realtime.useQuery(undefined, { refetchInterval: 30_000 });
  const error = overview.error ?? realtime.error;
  useEffect(() => {
    if (error) toast.error(t("errorTitle"), { description: errorText(error) });
  }, [error, t, errorText]);
  const data = overview.data;
  const format = new Intl.DateTimeFormat(
    locale,
    range === "24h" ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short" },
  );
  const points = (data?.series ?? []).map((s) => ({
    label: format.format(s.at),
    views: s.views,
    visitors: s.visitors,
  }));
  const minute = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  const live = (realtime.data?.minutes ?? []).map((m) => ({
    label: minute.format(m.at),
    views: m.views,
    visitors: m.visitors,
  }));
  const columns: [string, string, string] = [t("value"), t("visitors"), t("views")];
  const seriesColumns = [t("time"), t("visitors"), t("views")];
  const labels = { views: t("views"), visitors: t("visitors") };
  const piece = (v: string) => {
    const [kind, slug] = v.split(":");
    return `${kind === "interview" ? t("interview") : t("article")}: ${slug}`;
  };
  // The top values of each dimension, in the order shown, with how a value reads.
  const tables: [RankedKey, ((v: string) => string) | undefined][] = [
    ["pieces", piece],
    ["pages", undefined],
    ["referrers", (v) => v || t("direct")],
    ["campaigns", undefined],
    ["sources", undefined],
    ["languages", (v) => t(`lang.${v === "en" ? "en" : "es"}`)],
    ["devices", (v) => t(`device.${v === "mobile" ? "mobile" : v === "tablet" ? "tablet" : "desktop"}`)],
  ];

  return (
    <section data-testid="admin-tab-stats" className="space-y-8">
      <div className="space-y-1">
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        <p className="text-sm text-muted">{t("description")}</p>
      </div>

      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("period")}</legend>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={range === r}
            onClick={() => setRange(r)}
            className="rounded-full border border-ink/20 px-3 py-1 text-sm aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
          >
            {t(`ranges.${r}`)}
          </button>
        ))}
      </fieldset>

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="stats-totals">
        {(["visitors", "views"] as const).map((key) => (
          <div key={key}>
            <dt className="text-sm text-muted">{t(key)}</dt>
            <dd className="text-2xl font-bold" data-testid={`stats-${key}`}>
              {data?.totals[key] ?? "…"}
            </dd>
            <dd className="text-xs text-muted">
              {data
                ? t("vsPrevious", {
                    change: change(data.totals[key], data.previous[key]),
                    previous: data.previous[key],
                  })
                : null}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-muted">{t("liveVisitors")}</dt>
          <dd className="text-2xl font-bold" data-testid="stats-live">
            {realtime.data?.visitors ?? "…"}
          </dd>
          <dd className="text-xs text-muted">{t("liveViews", { views: realtime.data?.views ?? 0 })}</dd>
        </div>
      </dl>

      <div className="space-y-2">
        <h3 className="font-semibold">{t("overTime")}</h3>
        <TrafficChart points={points} labels={labels} />
        <SeriesTable caption={t("asTable")} points={points} columns={seriesColumns} />
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">{t("realtime")}</h3>
        <TrafficChart points={live} labels={labels} />
        <SeriesTable caption={t("asTable")} points={live} columns={seriesColumns} />
        <RankedTable
          title={t("livePages")}
          rows={realtime.data?.pages ?? []}
          columns={columns}
          empty={t("empty")}
          testId="stats-live-pages"
        />
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        {tables.map(([key, label]) => (
          <RankedTable
            key={key}
            title={t(key)}
            rows={data?.[key] ?? []}
            columns={columns}
            empty={t("empty")}
            label={label}
            testId={`stats-${key}`}
          />
        ))}
      </div>

      {newsletterSection}
    </section>
  );
}
