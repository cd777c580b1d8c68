export { adminAuditRouter } from "./router.ts";
