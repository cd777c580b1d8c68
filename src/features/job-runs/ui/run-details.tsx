"use client";

import { useTranslations } from "next-intl";
import type { RouterOutputs } from "~/trpc/react.tsx";
import { adminDate } from "~/ui/dates.ts";

export type Run = RouterOutputs["admin"]["jobs"]["list"]["runs"][number];

export const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);

/** A run's reported progress (done / total) and, while it runs, the time left. */
export function RunProgress({ run }: { run: Run }) {
  const t = useTranslations("adminJobs");
  if (!run.progress) return null;
  const { done, total, eta_seconds: eta } = run.progress;
  return (
    <p className="mt-1 text-xs text-muted" data-testid="job-progress">
      {t("progress", { done, total })}
      {eta !== null ? ` · ${t("eta", { minutes: Math.floor(eta / 60), seconds: eta % 60 })}` : ""}
    </p>
  );
}

/** Every attempt of the run: when it started and ended, and how (a crash takeover included). */
export function AttemptLog({ run }: { run: Run }) {
  const t = useTranslations("adminJobs");
  if (run.attempt_log.length < 2 && run.takeovers === 0) return null;
  return (
    <details className="mt-1 text-xs" data-testid="job-attempts">
      <summary className="cursor-pointer text-muted">{t("attemptLog", { count: run.attempt_log.length })}</summary>
      <ol className="mt-1 space-y-0.5">
        {run.attempt_log.map((a) => (
          <li key={a.attempt} data-outcome={a.outcome ?? "running"}>
            {`#${a.attempt} · ${adminDate(a.started_at)} → ${a.ended_at ? adminDate(a.ended_at) : "…"} · `}
            {seconds(a.ended_at ? a.ended_at.getTime() - a.started_at.getTime() : null)}
            {` · ${t(`outcome.${a.outcome ?? "running"}`)}`}
            {a.reason ? `: ${a.reason}` : ""}
          </li>
        ))}
      </ol>
    </details>
  );
}
