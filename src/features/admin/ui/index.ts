export { AccessDenied } from "./access-denied.tsx";
export { AdminShell } from "./admin-shell.tsx";
export { sectionFromSlug, sectionPath } from "./sections.ts";
