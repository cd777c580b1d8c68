import { z } from "zod";

const AUDIT_OUTCOMES = ["success", "failure"] as const;

/** GET /api/admin/audit: newest first, filtered by action, actor (name) and target (slug, id or e-mail). */
export const auditListInputSchema = z.object({
  action: z.string().trim().max(80).optional(),
  actor: z.string().trim().max(120).optional(),
  target: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: z.record(z.string(), z.unknown()),
  created_at: z.date(),
});
export const auditListOutputSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action name recorded so far (the filter's choices). */
  actions: z.array(z.string()),
});
