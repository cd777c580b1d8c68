export { StatsTab } from "./stats-tab.tsx";
