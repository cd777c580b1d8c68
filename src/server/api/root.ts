import { createCallerFactory, createTRPCRouter } from "~/server/api/trpc.ts";
import { adminRouter } from "./routers/admin/index.ts";
import { articlesRouter } from "./routers/articles.ts";
import { authRouter } from "./routers/auth.ts";
import { contactRouter } from "./routers/contact.ts";
import { healthRouter } from "./routers/health.ts";
import { newsletterRouter } from "./routers/newsletter.ts";

/** The whole API. Public and user procedures by domain; every admin procedure under `admin`. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  articles: articlesRouter,
  newsletter: newsletterRouter,
  contact: contactRouter,
  auth: authRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
