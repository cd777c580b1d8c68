import { createTRPCRouter } from "~/server/api/trpc.ts";
import { adminUsersRouter } from "./users.ts";

/**
 * Everything under `admin.*` must be an adminProcedure: tests/integration/rbac.test.ts enumerates this
 * namespace and fails if any procedure in it answers an anonymous caller or a non-admin.
 */
export const adminRouter = createTRPCRouter({
  users: adminUsersRouter,
});
