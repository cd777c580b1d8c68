import { z } from "zod";
import { AppError, notFound } from "~/platform/errors.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { retrySiteDelivery } from "./app-federation.ts";
import { type DeliveryStatus, dismissDelivery, listDeliveries, type RetryOutcome } from "./deliveries.ts";
import { deliveryIdInputSchema, deliveryListInputSchema, deliveryListSchema } from "./deliveries-schema.ts";

const tags = ["admin"];

/** An action on a dead delivery: success, or 404 for an unknown one and 409 for one that is not dead. */
function deadOnly(outcome: RetryOutcome, action: "retried" | "dismissed") {
  if (outcome.ok) return { success: true };
  if (outcome.reason === "not-found") throw notFound("Fediverse delivery");
  const reason = action === "retried" ? "fediverseRetryOnlyDead" : "fediverseDismissOnlyDead";
  throw new AppError("CONFLICT", `Only a dead delivery can be ${action}`, { reason });
}

/** Admin › Fediverso, deliveries: the latest deliveries with their status, and the retry or dismissal of a dead one. */
export const adminFediverseDeliveriesRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/fediverse/deliveries", tags, summary: "Deliveries to fediverse inboxes" },
    })
    .input(deliveryListInputSchema)
    .output(deliveryListSchema)
    .query(async ({ ctx, input }) => {
      const list = await listDeliveries(ctx.db, input);
      return { ...list, rows: list.rows.map((r) => ({ ...r, status: r.status as DeliveryStatus })) };
    }),
  retry: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/fediverse/deliveries/{id}/retry",
        tags,
        summary: "Send a dead delivery again, as a fresh first attempt",
      },
      audit: { action: "fediverse_delivery.retry", target: "fediverse_delivery" },
    })
    .input(deliveryIdInputSchema)
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ input }) => deadOnly(await retrySiteDelivery(input.id), "retried")),
  dismiss: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/fediverse/deliveries/{id}/dismiss",
        tags,
        summary: "Give up on a dead delivery: its row is deleted",
      },
      audit: { action: "fediverse_delivery.dismiss", target: "fediverse_delivery" },
    })
    .input(deliveryIdInputSchema)
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx, input }) => deadOnly(await dismissDelivery(ctx.db, input.id), "dismissed")),
});
