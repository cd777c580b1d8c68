import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listUsers } from "~/server/services/users/list-users.ts";
import { setUserRole } from "~/server/services/users/set-role.ts";
import { adminUserSchema, userIdInputSchema } from "~/shared/schemas/auth.ts";

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
