import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { subscriptionEmailInputSchema, subscriptionListInputSchema, subscriptionListOutputSchema } from "../schema.ts";
import { deleteSubscription, listSubscriptions } from "./admin-list.ts";

export const adminSubscriptionsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/newsletter/subscriptions",
        tags: ["admin"],
        summary: "Newsletter subscriptions",
      },
    })
    .input(subscriptionListInputSchema)
    .output(subscriptionListOutputSchema)
    .query(({ ctx, input }) => listSubscriptions(ctx.db, input)),
  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/newsletter/subscriptions/{email}",
        tags: ["admin"],
        summary: "Delete a subscription",
      },
      audit: { action: "subscription.delete", target: "subscription" },
    })
    .input(subscriptionEmailInputSchema)
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => deleteSubscription(ctx.db, input.email)),
});
