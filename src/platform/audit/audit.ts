import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { Actor } from "./actor.ts";

interface AuditRecord {
  action: string;
  actor: Actor;
  target: { type: string; id: string | null };
  outcome: "success" | "failure";
  details?: Record<string, unknown>;
}

/** PostgreSQL text and jsonb refuse NUL and lone surrogates, which refused (fuzzed) input may carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replaceAll(String.fromCharCode(0), "").replace(LONE_SURROGATE, "");

/** Appends one entry (the table refuses UPDATE and DELETE, see the editors_desk migration). */
export async function recordAudit(db: DbClient, entry: AuditRecord) {
  const details = JSON.parse(
    JSON.stringify(entry.details ?? {}, (_key, value) => (typeof value === "string" ? storable(value) : value)),
  );
  return db.auditEntry.create({
    data: {
      action: entry.action,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      target_type: entry.target.type,
      target_id: entry.target.id === null ? null : storable(entry.target.id),
      outcome: entry.outcome,
      details: details as Prisma.InputJsonValue,
    },
  });
}
