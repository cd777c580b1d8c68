import { adminProcedure, createTRPCRouter } from "~/server/api/trpc.ts";
import { listUsers } from "~/server/services/users/list-users.ts";

export const adminUsersRouter = createTRPCRouter({
  list: adminProcedure.query(({ ctx }) => listUsers(ctx.db)),
});
