/** The audit trail's admin view (recording lives in src/platform/audit, called by every audited procedure). */
export { adminAuditRouter } from "./router.ts";
