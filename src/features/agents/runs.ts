import { z } from "zod";
import type { AgentRun } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import { type LogText, renderLogText, renderRunLogLine, runLog, storedLogText } from "./run-log-text.ts";
import { type AgentRunDto, generatedContentSchema, type RunFailure, runFailureSchema } from "./schema.ts";

type RunRow = AgentRun & { agent?: { name: string } | null };

const resultSchema = z
  .object({ generatedContent: generatedContentSchema.optional(), failure: runFailureSchema.optional() })
  .catch({});

function toRunDto(row: RunRow, locale: string): AgentRunDto {
  const input = (row.input ?? {}) as { authorName?: string };
  return {
    id: row.id,
    agent_id: row.agent_id,
    agent_name: row.agent?.name ?? (row.trigger === "manual" ? (input.authorName ?? null) : null),
    trigger: row.trigger,
    status: row.status,
    progress: row.progress,
    logs: row.logs.map((line) => renderRunLogLine(line, locale)),
    result: resultSchema.parse(row.result ?? {}),
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: row.started_at && row.finished_at ? row.finished_at.getTime() - row.started_at.getTime() : null,
  };
}

const withAgent = { agent: { select: { name: true } } } as const;

/** The runs, newest first, their logs in `locale` (the reading admin's language; Spanish by default). */
export async function listRuns(db: DbClient, limit = 50, locale = "es"): Promise<AgentRunDto[]> {
  const rows = await db.agentRun.findMany({ orderBy: { created_at: "desc" }, take: limit, include: withAgent });
  return rows.map((row) => toRunDto(row, locale));
}

export async function getRun(db: DbClient, id: string, locale = "es"): Promise<AgentRunDto> {
  const row = await db.agentRun.findUnique({ where: { id }, include: withAgent });
  if (!row) throw notFound("Agent run");
  return toRunDto(row, locale);
}

/**
 * 'Ejecuciones Hoy': runs created on the Madrid calendar day (the editors' day, whatever the server's zone) that
 * contains `now`, the request's time. The whole day rather than "up to now", so a database clock a little ahead
 * of the app's does not hide a run just started.
 */
export async function countRunsToday(db: DbClient, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ count: bigint }[]>`
    WITH day AS (SELECT date_trunc('day', ${now}::timestamptz AT TIME ZONE 'Europe/Madrid') AS start)
    SELECT count(*) AS count FROM agent_runs, day
    WHERE created_at >= (day.start AT TIME ZONE 'Europe/Madrid')
      AND created_at < ((day.start + interval '1 day') AT TIME ZONE 'Europe/Madrid')`;
  return Number(row?.count ?? 0);
}

const stamp = () => new Date().toISOString().slice(11, 19);

/** A log line as stored: its time, then its text or its catalog entry (rendered when read). */
export const stampedLog = (line: string | LogText) => `[${stamp()}] ${storedLogText(line)}`;

/** Appends one line to the run's logs (and optionally moves its progress) in a single statement. */
export async function appendRunLog(db: DbClient, runId: string, line: string | LogText, progress?: number) {
  await db.agentRun.update({
    where: { id: runId },
    data: { logs: { push: stampedLog(line) }, ...(progress === undefined ? {} : { progress }) },
  });
}

/** The run failed: `error` keeps the Spanish text (the admin UI names the reason from `failure`). */
export async function markRunFailed(db: DbClient, runId: string, error: string | LogText, failure: RunFailure) {
  await db.agentRun.update({
    where: { id: runId },
    data: {
      status: "failed",
      error: typeof error === "string" ? error : renderLogText(error, "es"),
      result: { failure },
      finished_at: new Date(),
      logs: { push: stampedLog(runLog("error", { message: error })) },
    },
  });
}
