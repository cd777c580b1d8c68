import { createCaller } from "~/server/api/root.ts";
import { createInnerContext } from "~/server/api/trpc.ts";
import type { AppSession } from "~/server/auth/session.ts";

export const userSession: AppSession = {
  user: { id: "test-user", username: "lectora", email: "lectora@example.com", role: "user" },
};
export const adminSession: AppSession = {
  user: { id: "test-admin", username: "editora", email: "editora@example.com", role: "admin" },
};

/** A tRPC caller as an anonymous visitor, a signed-in user, or an admin. */
export const callerAs = (session: AppSession | null) => createCaller(createInnerContext({ session }));
