"use client";

import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "~/ui/badge.tsx";
import type { AgentRunDto } from "../schema.ts";

const VARIANT: Record<AgentRunDto["status"], BadgeVariant> = {
  queued: "outline",
  running: "secondary",
  completed: "default",
  failed: "destructive",
};

export function RunStatusBadge({ status }: { status: AgentRunDto["status"] }) {
  const t = useTranslations("adminAgents.runs.statuses");
  return (
    <Badge variant={VARIANT[status]} data-testid="run-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

/** The failure reason in the admin's language (the raw error when the code is unknown). */
export function useFailureText() {
  const t = useTranslations("adminAgents.failures");
  return (run: Pick<AgentRunDto, "error" | "result">) => {
    const failure = run.result.failure;
    if (!failure) return run.error ?? "";
    const params = { provider: "", variable: "", message: run.error ?? "", ...failure.params };
    return t.has(failure.code) ? t(failure.code, params) : (run.error ?? failure.code);
  };
}

export const isLive = (status: AgentRunDto["status"]) => status === "queued" || status === "running";
