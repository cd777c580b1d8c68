import { z } from "zod";
import { messageSchema } from "~/platform/http/common-schemas.ts";
import { clientIp, enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import {
  confirmInputSchema,
  subscribeInputSchema,
  unsubscribeInputSchema,
  unsubscribeOutputSchema,
} from "../schema.ts";
import { confirmSubscription, subscribe, unsubscribe } from "./subscribe.ts";

export const newsletterRouter = createTRPCRouter({
  subscribe: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/newsletter/subscribe",
        tags: ["newsletter"],
        summary: "Subscribe (double opt-in)",
      },
    })
    .input(subscribeInputSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit("newsletter", clientIp(ctx.headers));
      return subscribe(ctx.db, input);
    }),
  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/newsletter/unsubscribe",
        tags: ["newsletter"],
        summary: "Unsubscribe by token",
      },
    })
    .input(unsubscribeInputSchema)
    .output(unsubscribeOutputSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),
  confirm: publicProcedure
    .input(confirmInputSchema)
    .output(z.object({ confirmed: z.boolean(), expired: z.boolean().optional() }))
    .mutation(({ ctx, input }) => confirmSubscription(ctx.db, input.token)),
});
