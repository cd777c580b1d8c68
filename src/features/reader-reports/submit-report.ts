import { articleBySlug } from "~/features/articles/index.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import { recordAudit } from "~/platform/audit/audit.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import type { ReaderReportInput } from "./schema.ts";

/** Who a report comes from in the audit trail: an anonymous reader (the address, if any, stays on the report). */
export const READER_ACTOR: Actor = { id: null, name: "lector" };

/** Stores a reader's report on a published article, and its arrival in the audit trail. */
export async function submitReaderReport(db: DbClient, input: ReaderReportInput) {
  const article = await articleBySlug(db, input.slug);
  if (article?.status !== "published") throw notFound("Article");
  const row = await db.readerReport.create({
    data: {
      article_id: article.id,
      message: input.message,
      source_url: input.source_url ?? null,
      email: input.email ?? null,
      locale: input.locale ?? "es",
    },
  });
  await recordAudit(db, {
    action: "reader_report.submit",
    actor: READER_ACTOR,
    target: { type: "reader_report", id: row.id },
    outcome: "success",
    details: { slug: article.slug, has_email: row.email !== null, has_source: row.source_url !== null },
  });
  return { success: true, id: row.id };
}
