import { z } from "zod";
import { pageInputSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listEmailMessages } from "./outbox.ts";

const emailStatus = z.enum(["queued", "sent", "failed", "suppressed"]);

/** The e-mail log: with no provider configured, this is where every mail the site "sent" can be read. */
export const adminOutboxRouter = createTRPCRouter({
  list: adminProcedure
    .input(
      pageInputSchema
        .extend({ status: emailStatus.optional(), q: z.string().trim().max(254).optional() })
        .default({ page: 1, pageSize: 20 }),
    )
    .query(({ ctx, input }) => listEmailMessages(ctx.db, input)),
});
