import { z } from "zod";
import { AppError, notFound } from "~/platform/errors.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { retrySiteDelivery } from "./app-federation.ts";
import { type DeliveryStatus, listDeliveries } from "./deliveries.ts";
import { deliveryIdInputSchema, deliveryListInputSchema, deliveryListSchema } from "./deliveries-schema.ts";

const tags = ["admin"];

/** Admin › Fediverso, deliveries: the latest deliveries with their status, and the retry of a dead one. */
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
    .mutation(async ({ input }) => {
      const outcome = await retrySiteDelivery(input.id);
      if (outcome.ok) return { success: true };
      if (outcome.reason === "not-found") throw notFound("Fediverse delivery");
      throw new AppError("CONFLICT", "Only a dead delivery can be retried", { reason: "fediverseRetryOnlyDead" });
    }),
});
