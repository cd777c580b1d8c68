export { adminJobsRouter } from "./router.ts";
