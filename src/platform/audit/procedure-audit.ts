import type { DbClient } from "~/platform/db/client.ts";
import type { Actor } from "./actor.ts";
import { recordAudit } from "./audit.ts";

/**
 * How an admin procedure appears in the audit trail: set as `meta.audit` next to `access`, so one
 * middleware (src/platform/trpc/trpc.ts) records every such call, its actor and its outcome.
 */
export interface AuditMeta {
  /** e.g. "article.edit"; a function when the input decides (approve vs reject vs schedule). */
  action: string | ((input: Record<string, unknown>) => string);
  /** What kind of thing the target id names. */
  target:
    | "article"
    | "newsletter"
    | "subscription"
    | "agent"
    | "user"
    | "authors"
    | "contact_message"
    | "reader_report"
    | "fediverse_reply"
    | "job"
    | "changed_source"
    | "fediverse_delivery"
    | "settings";
}

const TARGET_KEYS = ["slug", "id", "email", "userId"] as const;
/** Content too long (or too private) to copy into the trail: only the fact that it was sent. */
const SUMMARISED = /^(body|summary)_|^mapping$/;

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A short, JSON-safe account of the input: scalars (strings cut at 200), list sizes, long texts by name only. */
function auditDetails(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (TARGET_KEYS.includes(key as (typeof TARGET_KEYS)[number])) continue;
    if (SUMMARISED.test(key)) out[key] = Array.isArray(value) ? value.length : "(changed)";
    else if (typeof value === "string") out[key] = value.length > 200 ? `${value.slice(0, 200)}…` : value;
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (Array.isArray(value)) out[key] = value.length <= 10 ? value : `${value.length} items`;
    else if (value === null || typeof value !== "object") out[key] = value;
    else out[key] = Object.keys(value as object);
  }
  return out;
}

export async function auditProcedureCall(
  db: DbClient,
  meta: AuditMeta,
  call: { actor: Actor; input: unknown; data?: unknown; error?: { code: string; message: string } },
) {
  const input = asRecord(call.input);
  const data = asRecord(call.data);
  const key = TARGET_KEYS.find((k) => typeof input[k] === "string");
  const targetId = key ? String(input[key]) : typeof data.id === "string" ? data.id : null;
  const details = auditDetails(input);
  if (call.error) details.error = { code: call.error.code, message: call.error.message.slice(0, 300) };
  await recordAudit(db, {
    action: typeof meta.action === "function" ? meta.action(input) : meta.action,
    actor: call.actor,
    target: { type: meta.target, id: targetId },
    outcome: call.error ? "failure" : "success",
    details,
  });
}
