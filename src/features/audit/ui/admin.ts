export { AuditTab } from "./audit-tab.tsx";
