import { z } from "zod";
import { pageInputSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listContactMessages, markContactMessageRead } from "./admin-messages.ts";

export const adminContactMessagesRouter = createTRPCRouter({
  list: adminProcedure
    .input(pageInputSchema.default({ page: 1, pageSize: 20 }))
    .query(({ ctx, input }) => listContactMessages(ctx.db, input)),
  markRead: adminProcedure
    .meta({ audit: { action: "contact_message.mark_read", target: "contact_message" } })
    .input(z.object({ id: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => markContactMessageRead(ctx.db, input.id)),
});
