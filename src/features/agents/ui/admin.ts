export { AgentsTab } from "./agents-tab.tsx";
export { MigrationTab } from "./migration-tab.tsx";
