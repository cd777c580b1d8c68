"use client";

import { useLocale, useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { Modal } from "~/ui/modal.tsx";
import type { AgentRunDto } from "../schema.ts";
import { isLive, RunStatusBadge, useFailureText } from "./run-status.tsx";

export interface ExecutionResult {
  agentName?: string;
  message?: string;
  /** One run (execute one) … */
  runId?: string;
  /** … or several (execute all). */
  runs?: AgentRunDto[];
  /** The request itself failed. */
  error?: string;
}

/** docs/product.md §2 "Agent execution result": follows the run live until it completes or fails. */
export function RunResultDialog({ result, onClose }: { result: ExecutionResult | null; onClose: () => void }) {
  const t = useTranslations("adminAgents.result");
  const failureText = useFailureText();
  const locale = useLocale() === "en" ? "en" : "es";
  const runQuery = api.admin.runs.byId.useQuery(
    { id: result?.runId ?? "", locale },
    {
      enabled: Boolean(result?.runId),
      refetchInterval: (q) => (q.state.data && !isLive(q.state.data.status) ? false : 1000),
    },
  );
  const run = runQuery.data;
  const failed = Boolean(result?.error) || run?.status === "failed";
  const content = run?.result.generatedContent;

  return (
    <Modal
      open={Boolean(result)}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      testId="run-result-dialog"
      wide
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("close")}
        </Button>
      }
    >
      {result?.runs ? (
        <div className="space-y-3">
          <p className="text-sm">{result.message}</p>
          <h3 className="text-sm font-semibold">{t("several")}</h3>
          <ul className="space-y-1 text-sm">
            {result.runs.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2">
                <span className="font-mono text-xs">{r.agent_id ?? r.id}</span>
                <RunStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="space-y-4" data-testid="run-result" data-status={run?.status ?? (failed ? "failed" : "")}>
          <div className="flex items-start gap-3">
            <span
              aria-hidden
              className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
                failed ? "bg-accent text-accent-ink" : run?.status === "completed" ? "bg-ink text-paper" : "bg-sand"
              }`}
            >
              {failed ? "✕" : run?.status === "completed" ? "✓" : "…"}
            </span>
            <div>
              <p className="font-semibold">{result?.agentName}</p>
              <p className="text-sm text-muted">
                {failed ? t("failed") : run?.status === "completed" ? t("success") : t("pending")}
              </p>
              {result?.message ? <p className="text-sm">{result.message}</p> : null}
            </div>
          </div>
          {failed ? (
            <p className="rounded-md bg-accent/10 p-3 text-sm" role="alert" data-testid="run-error">
              <strong>{t("failed")}</strong>: {result?.error ?? (run ? failureText(run) : "")}
            </p>
          ) : null}
          {run ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">{t("status")}</dt>
              <dd>
                <RunStatusBadge status={run.status} /> {run.progress}%
              </dd>
              <dt className="font-semibold">{t("time")}</dt>
              <dd>
                {adminDate(run.created_at)}
                {run.duration_ms !== null ? ` · ${(run.duration_ms / 1000).toFixed(1)} s` : ""}
              </dd>
            </dl>
          ) : null}
          {content?.title ? (
            <section className="rounded-md border border-ink/15 p-3 text-sm" data-testid="run-content">
              <h3 className="font-semibold">{t("content")}</h3>
              <p>
                <span className="font-semibold">{t("contentTitle")}:</span> {content.title}
              </p>
              <p>
                <span className="font-semibold">{t("contentType")}:</span> {content.type}
              </p>
              <p className="break-all font-mono text-xs">
                {t("metadata")}: {JSON.stringify(content.metadata)}
              </p>
            </section>
          ) : null}
          {run?.logs.length ? (
            <section>
              <h3 className="text-sm font-semibold">{t("logs")}</h3>
              <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-ink/5 p-3 text-xs">
                {run.logs.join("\n")}
              </pre>
            </section>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
