import {
  adminAgentsRouter,
  adminMigrationRouter,
  adminRunsRouter,
  manualGenerationRouter,
} from "~/features/agents/index.ts";
import { adminStatsRouter } from "~/features/analytics/index.ts";
import { adminAuditRouter } from "~/features/audit/index.ts";
import { adminBackupsRouter } from "~/features/backups/index.ts";
import { adminContactMessagesRouter } from "~/features/contact/index.ts";
import { adminTrustRouter } from "~/features/editorial/index.ts";
import {
  adminFediverseDeliveriesRouter,
  adminFediverseRepliesRouter,
  adminFediverseRouter,
} from "~/features/fediverse/index.ts";
import { adminVerificationRouter } from "~/features/grounding/index.ts";
import { adminJobsRouter } from "~/features/job-runs/index.ts";
import { adminOutboxRouter } from "~/features/mail/index.ts";
import {
  adminNewsletterStatsRouter,
  adminNewslettersRouter,
  adminSubscriptionsRouter,
} from "~/features/newsletter/index.ts";
import { adminPublicationsRouter, adminRevisionsRouter, revisionReports } from "~/features/publications/index.ts";
import { adminReaderReportsRouter } from "~/features/reader-reports/index.ts";
import { adminUsersRouter } from "~/features/users/index.ts";
import { createTRPCRouter, mergeRouters } from "~/platform/trpc/trpc.ts";

/**
 * Everything under `admin.*` must be an adminProcedure: tests/integration/rbac.test.ts enumerates this
 * namespace and fails if any procedure in it answers an anonymous caller or a non-admin.
 */
export const adminRouter = createTRPCRouter({
  users: adminUsersRouter,
  agents: adminAgentsRouter,
  runs: adminRunsRouter,
  publications: adminPublicationsRouter,
  manualGeneration: manualGenerationRouter,
  migration: adminMigrationRouter,
  subscriptions: adminSubscriptionsRouter,
  newsletters: adminNewslettersRouter,
  outbox: adminOutboxRouter,
  contactMessages: adminContactMessagesRouter,
  readerReports: adminReaderReportsRouter,
  fediverseReplies: adminFediverseRepliesRouter,
  revisions: adminRevisionsRouter,
  // Grounding's reports live on the desk's revisions: the desk hands its store in.
  verification: adminVerificationRouter(revisionReports),
  audit: adminAuditRouter,
  jobs: adminJobsRouter,
  backups: adminBackupsRouter,
  stats: mergeRouters(adminStatsRouter, adminNewsletterStatsRouter),
  trust: adminTrustRouter,
  fediverse: adminFediverseRouter,
  fediverseDeliveries: adminFediverseDeliveriesRouter,
});
