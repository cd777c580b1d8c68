export { JobsTab } from "./jobs-tab.tsx";
