export { MigrationTab } from "./migration-tab.tsx";
export { PublicationsTab } from "./publications-tab.tsx";
