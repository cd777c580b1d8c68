import { clientIp, enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { contactInputSchema, contactOutputSchema } from "./schema.ts";
import { submitContactMessage } from "./submit-message.ts";

export const contactRouter = createTRPCRouter({
  submit: publicProcedure
    .meta({ openapi: { method: "POST", path: "/contact", tags: ["contact"], summary: "Send a contact message" } })
    .input(contactInputSchema)
    .output(contactOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit("contact", clientIp(ctx.headers));
      return submitContactMessage(ctx.db, input);
    }),
});
