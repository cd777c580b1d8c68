import { z } from "zod";
import { DELIVERY_STATUSES } from "./deliveries.ts";

/** GET /api/admin/fediverse/deliveries: the newest first, optionally of one status, 50 a page by default. */
export const deliveryListInputSchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  take: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(64).optional(),
});

export const deliveryIdInputSchema = z.object({ id: z.string().min(1).max(64) });

const deliveryRowSchema = z.object({
  id: z.string(),
  activity_id: z.string(),
  activity_type: z.string(),
  inbox: z.string(),
  shared_inbox: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  status_code: z.number().int().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
  delivered_at: z.date().nullable(),
});

export const deliveryListSchema = z.object({
  rows: z.array(deliveryRowSchema),
  counts: z.object(
    Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof DELIVERY_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  nextCursor: z.string().nullable(),
});

export type DeliveryList = z.infer<typeof deliveryListSchema>;
