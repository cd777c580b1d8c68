import type { AppSession } from "~/platform/auth/session.ts";
import { createInnerContext } from "~/platform/trpc/trpc.ts";
import { createCaller } from "~/server/api/root.ts";
import { registerAppJobs } from "~/server/job-list.ts";

// What server start does (src/instrumentation.ts): procedures enqueue jobs and the operators' view lists them.
registerAppJobs();

export const userSession: AppSession = {
  user: { id: "test-user", username: "lectora", email: "lectora@example.com", role: "user" },
};
export const adminSession: AppSession = {
  user: { id: "test-admin", username: "editora", email: "editora@example.com", role: "admin" },
};

/** A tRPC caller as an anonymous visitor, a signed-in user, or an admin. */
export const callerAs = (session: AppSession | null) => createCaller(createInnerContext({ session }));
