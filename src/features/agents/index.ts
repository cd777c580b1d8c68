/** AI agents: their configuration, runs (a durable job each), the drafting pipeline and the manual generation dialog. */
export { agentRunJob } from "./jobs.ts";
export { manualGenerationRouter } from "./manual-generation-router.ts";
export { adminMigrationRouter } from "./migration-router.ts";
export { type AgentProfile, agentContent } from "./public-profile.ts";
export { adminAgentsRouter } from "./router.ts";
export { adminRunsRouter } from "./runs-router.ts";
