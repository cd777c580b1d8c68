/** A second "instance": the embedded engine in another process on the same database (several-instances test). */
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { registerAppJobs } from "~/server/job-list.ts";
import { countJob } from "./count-job.ts";

registerAppJobs();
const engine = await getEngine();
await engine.ensure(countJob);
process.send?.({ ready: process.pid });
process.on("message", async () => {
  await engine.stop();
  process.exit(0);
});
