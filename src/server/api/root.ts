import { contactRouter } from "~/features/contact/index.ts";
import { createCallerFactory, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { adminRouter } from "./routers/admin/index.ts";
import { articlesRouter } from "./routers/articles.ts";
import { authRouter } from "./routers/auth.ts";
import { healthRouter } from "./routers/health.ts";
import { newsletterRouter } from "./routers/newsletter.ts";
import { searchRouter } from "./routers/search.ts";

/** The whole API. Public and user procedures by domain; every admin procedure under `admin`. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  articles: articlesRouter,
  search: searchRouter,
  auth: authRouter,
  newsletter: newsletterRouter,
  contact: contactRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
