import { articlesRouter } from "~/features/articles/index.ts";
import { contactRouter } from "~/features/contact/index.ts";
import { readerSourcesOf } from "~/features/grounding/index.ts";
import { newsletterRouter } from "~/features/newsletter/index.ts";
import { readerReportsRouter } from "~/features/reader-reports/index.ts";
import { searchRouter } from "~/features/search/index.ts";
import { authRouter } from "~/features/users/index.ts";
import { createCallerFactory, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { adminRouter } from "./admin-router.ts";
import { healthRouter } from "./health-router.ts";

/** The whole API. Public and user procedures by domain; every admin procedure under `admin`. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  // Readers get only the sources grounding could read (or never fetched): its rule, from its snapshots.
  articles: articlesRouter(readerSourcesOf),
  search: searchRouter,
  auth: authRouter,
  newsletter: newsletterRouter,
  contact: contactRouter,
  readerReports: readerReportsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
