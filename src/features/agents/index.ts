export { agentRunJob } from "./jobs.ts";
export { manualGenerationRouter } from "./manual-generation-router.ts";
export { adminAgentsRouter } from "./router.ts";
export { adminRunsRouter } from "./runs-router.ts";
