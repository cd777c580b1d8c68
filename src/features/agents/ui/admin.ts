export { AgentsTab } from "./agents-tab.tsx";
