import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import type { ReaderReportItem, ReaderReportStatus } from "./schema.ts";

const SELECT = {
  id: true,
  message: true,
  source_url: true,
  email: true,
  locale: true,
  status: true,
  dismiss_reason: true,
  reply: true,
  handled_by: true,
  handled_at: true,
  correction_notified_at: true,
  created_at: true,
  article: { select: { slug: true, title_es: true } },
} as const;

/** "Avisos de lectores", newest first (the desk filters by state). */
export async function listReaderReports(
  db: DbClient,
  input: { status?: ReaderReportStatus; page: number; pageSize: number },
) {
  const where = input.status ? { status: input.status } : {};
  const [rows, total] = await Promise.all([
    db.readerReport.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: SELECT,
    }),
    db.readerReport.count({ where }),
  ]);
  return { items: rows as ReaderReportItem[], total, page: input.page, pageSize: input.pageSize };
}

export async function readerReport(db: DbClient, id: string) {
  const row = await db.readerReport.findUnique({ where: { id }, select: { ...SELECT, article_id: true } });
  if (!row) throw notFound("Reader report");
  return row;
}

/**
 * Moves an open (or replied) report to its outcome; a report already dismissed or corrected is a 409, so two
 * editors acting at once record one outcome.
 */
export async function closeReaderReport(
  db: DbClient,
  id: string,
  actor: Actor,
  outcome: { status: "dismissed"; dismiss_reason: string } | { status: "replied"; reply: string },
) {
  const res = await db.readerReport.updateMany({
    where: { id, status: { in: ["open", "replied"] } },
    data: { ...outcome, handled_by: actor.name, handled_at: new Date() },
  });
  if (res.count === 0) {
    await readerReport(db, id);
    throw readerReportClosed();
  }
}

export const readerReportClosed = () =>
  new AppError("CONFLICT", "id: this report has already been dismissed or corrected", {
    field: "id",
    reason: "readerReportClosed",
  });

export async function dismissReaderReport(db: DbClient, input: { id: string; reason: string }, actor: Actor) {
  await closeReaderReport(db, input.id, actor, { status: "dismissed", dismiss_reason: input.reason });
  return { success: true };
}
