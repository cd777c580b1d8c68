import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listUsers } from "./list-users.ts";
import { adminUserSchema, userIdInputSchema } from "./schema.ts";
import { setUserRole } from "./set-role.ts";

export const adminUsersRouter = createTRPCRouter({
  list: adminProcedure.output(z.array(adminUserSchema)).query(({ ctx }) => listUsers(ctx.db)),
  promote: adminProcedure
    .meta({ audit: { action: "user.promote", target: "user" } })
    .input(userIdInputSchema)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, { userId: input.userId, role: "admin" })),
  /** Refused with 409 for the last remaining admin. */
  demote: adminProcedure
    .meta({ audit: { action: "user.demote", target: "user" } })
    .input(userIdInputSchema)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, { userId: input.userId, role: "user" })),
});
