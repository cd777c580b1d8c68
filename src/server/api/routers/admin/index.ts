import { adminContactMessagesRouter } from "~/features/contact/index.ts";
import { createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { adminAgentsRouter } from "./agents.ts";
import { adminAuditRouter } from "./audit.ts";
import { adminJobsRouter } from "./jobs.ts";
import { adminMigrationRouter } from "./migration.ts";
import { adminNewslettersRouter } from "./newsletters.ts";
import { adminOutboxRouter } from "./outbox.ts";
import { adminPublicationsRouter } from "./publications.ts";
import { adminRevisionsRouter } from "./revisions.ts";
import { adminRunsRouter } from "./runs.ts";
import { adminSubscriptionsRouter } from "./subscriptions.ts";
import { adminUsersRouter } from "./users.ts";

/**
 * Everything under `admin.*` must be an adminProcedure: tests/integration/rbac.test.ts enumerates this
 * namespace and fails if any procedure in it answers an anonymous caller or a non-admin.
 */
export const adminRouter = createTRPCRouter({
  users: adminUsersRouter,
  agents: adminAgentsRouter,
  runs: adminRunsRouter,
  publications: adminPublicationsRouter,
  migration: adminMigrationRouter,
  subscriptions: adminSubscriptionsRouter,
  newsletters: adminNewslettersRouter,
  outbox: adminOutboxRouter,
  contactMessages: adminContactMessagesRouter,
  revisions: adminRevisionsRouter,
  audit: adminAuditRouter,
  jobs: adminJobsRouter,
});
