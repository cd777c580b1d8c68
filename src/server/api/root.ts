import { createCallerFactory, createTRPCRouter } from "~/server/api/trpc.ts";
import { adminRouter } from "./routers/admin/index.ts";
import { articlesRouter } from "./routers/articles.ts";
import { directoriesRouter } from "./routers/directories.ts";
import { editorialRouter } from "./routers/editorial.ts";
import { authRouter } from "./routers/auth.ts";
import { contactRouter } from "./routers/contact.ts";
import { healthRouter } from "./routers/health.ts";
import { interviewsRouter } from "./routers/interviews.ts";
import { searchRouter } from "./routers/search.ts";
import { newsletterRouter } from "./routers/newsletter.ts";

/** The whole API. Public and user procedures by domain; every admin procedure under `admin`. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  articles: articlesRouter,
  interviews: interviewsRouter,
  directories: directoriesRouter,
  editorial: editorialRouter,
  search: searchRouter,
  newsletter: newsletterRouter,
  contact: contactRouter,
  auth: authRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
