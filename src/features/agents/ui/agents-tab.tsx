"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";
import type { AgentDto } from "../schema.ts";
import { AgentFormDialog } from "./agent-form-dialog.tsx";
import { type ExecutionResult, RunResultDialog } from "./run-result-dialog.tsx";
import { RunsTable } from "./runs-table.tsx";
import { useShowSavedAgent } from "./saved-agent.ts";

/** 'Agentes IA' (docs/product.md §2): agents with create/edit/delete/execute, execute-all, today's runs and the run log. */
export function AgentsTab() {
  const t = useTranslations("adminAgents");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const agents = api.admin.agents.list.useQuery();
  const stats = api.admin.runs.stats.useQuery();
  const [editing, setEditing] = useState<AgentDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [result, setResult] = useState<ExecutionResult | null>(null);
  const errorToast = (description: string) => toast.error(t("toasts.errorTitle"), { description });

  useEffect(() => {
    if (agents.error) toast.error(t("toasts.errorTitle"), { description: t("toasts.loadAgents") });
  }, [agents.error, t]);

  const refresh = () => Promise.all([utils.admin.agents.list.invalidate(), utils.admin.runs.invalidate()]);

  const showSaved = useShowSavedAgent();
  const update = api.admin.agents.update.useMutation({
    onSuccess: (saved) => {
      toast.success(t("toasts.updated"));
      showSaved(saved);
      void utils.admin.runs.invalidate();
    },
    onError: (e) => errorToast(`${t("toasts.update")}: ${errorText(e)}`),
  });
  const remove = api.admin.agents.delete.useMutation({
    onSuccess: async () => {
      toast.success(t("toasts.deleted"));
      await refresh();
    },
    onError: () => errorToast(t("toasts.delete")),
  });
  const execute = api.admin.agents.execute.useMutation({
    onSuccess: async (res) => {
      // The API's answer is Spanish; the admin says the same in its own language.
      const message = t("outcomes.runStarted", { name: res.agentName ?? "" });
      if (res.success) toast.success(t("toasts.executed"), { description: message });
      else errorToast(t("outcomes.runFailed"));
      setResult({
        agentName: res.agentName,
        message: res.success ? message : undefined,
        runId: res.run?.id,
        error: res.success ? undefined : t("outcomes.runFailed"),
      });
      await refresh();
    },
    onError: (e) => {
      errorToast(errorText(e));
      setResult({ error: errorText(e) });
    },
  });
  const executeAll = api.admin.agents.executeAll.useMutation({
    onSuccess: async (res) => {
      if (!res.success) {
        toast.error(t("toasts.noActive"));
        return;
      }
      const message = t("outcomes.runsStarted", { count: res.runs.length });
      toast.success(t("toasts.executedAll"), { description: message });
      setResult({ message, runs: res.runs });
      await refresh();
    },
    onError: (e) => errorToast(errorText(e)),
  });

  const list = agents.data ?? [];
  const activeCount = list.filter((a) => a.status === "active").length;
  const toggle = (agent: AgentDto) =>
    update.mutate({ ...agent, status: agent.status === "active" ? "paused" : "active" });

  return (
    <section data-testid="admin-tab-agents" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("subtitle")}</p>
        </div>
        <div className="flex gap-2">
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={executeAll.isPending} data-testid="agents-execute-all">
                {t("executeAll")}
              </Button>
            }
            title={t("executeAllConfirm")}
            description={t("executeAllDescription")}
            confirmLabel={t("confirm")}
            cancelLabel={t("cancel")}
            onConfirm={() => executeAll.mutate()}
          />
          <Button
            data-testid="agents-new"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t("new")}
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-3">
        {[
          ["agents", list.length],
          ["active", activeCount],
          ["today", stats.data?.today ?? 0],
        ].map(([key, value]) => (
          <div key={key} className="rounded-lg border border-ink/15 bg-surface p-4" data-testid={`agents-stat-${key}`}>
            <dt className="text-xs uppercase text-muted">{t(`stats.${key}` as "stats.agents")}</dt>
            <dd className="font-serif text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      {agents.isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
      {!agents.isLoading && list.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      <ul className="space-y-3">
        {list.map((agent) => (
          <li
            key={agent.id}
            className="rounded-lg border border-ink/15 bg-surface p-4"
            data-testid="agent-row"
            data-agent-name={agent.name}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold">{agent.name}</p>
                <p className="text-sm text-muted">
                  {t(`types.${agent.type}`)} ·{" "}
                  {agent.last_run ? t("lastRun", { date: adminDate(agent.last_run) }) : t("never")}
                </p>
                {agent.description ? <p className="mt-1 text-sm">{agent.description}</p> : null}
                <div className="mt-2 flex flex-wrap gap-1">
                  <Badge variant={agent.status === "active" ? "default" : "outline"} data-testid="agent-status">
                    {t(`statuses.${agent.status}`)}
                  </Badge>
                  {agent.auto_publish ? <Badge variant="secondary">{t("autoPublish")}</Badge> : null}
                  {agent.config.content.topics.slice(0, 3).map((topic) => (
                    <Badge key={topic}>{topic}</Badge>
                  ))}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setEditing(agent);
                    setFormOpen(true);
                  }}
                >
                  {t("edit")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={update.isPending}
                  onClick={() => toggle(agent)}
                  data-testid="agent-toggle"
                >
                  {agent.status === "active" ? t("pause") : t("activate")}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={agent.status !== "active" || execute.isPending}
                      data-testid="agent-execute"
                    >
                      {execute.isPending && execute.variables?.id === agent.id ? t("executing") : t("execute")}
                    </Button>
                  }
                  title={t("executeConfirm", { name: agent.name })}
                  description={t("executeDescription")}
                  confirmLabel={t("execute")}
                  cancelLabel={t("cancel")}
                  onConfirm={() => execute.mutate({ id: agent.id })}
                />
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="ghost" disabled={remove.isPending}>
                      {t("delete")}
                    </Button>
                  }
                  title={t("deleteConfirm", { name: agent.name })}
                  description={t("deleteDescription")}
                  confirmLabel={t("delete")}
                  cancelLabel={t("cancel")}
                  destructive
                  onConfirm={() => remove.mutate({ id: agent.id })}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>

      <section className="space-y-2">
        <h3 className="font-serif text-xl font-bold">{t("runs.title")}</h3>
        <RunsTable onOpen={(run) => setResult({ agentName: run.agent_name ?? undefined, runId: run.id })} />
      </section>

      <AgentFormDialog open={formOpen} agent={editing} onClose={() => setFormOpen(false)} />
      <RunResultDialog result={result} onClose={() => setResult(null)} />
    </section>
  );
}
