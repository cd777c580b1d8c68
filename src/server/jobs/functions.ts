import { inngest } from "./client.ts";
import type { AnyJob } from "./contract.ts";
import { newsletterCronFunctions } from "./newsletter.ts";
import { jobs } from "./registry.ts";

/** Wraps a job as an Inngest function: its steps become Inngest steps (durable, retried, memoised). */
export function toInngestFunction(job: AnyJob) {
  return inngest.createFunction(
    { id: job.name.replace(/[^a-zA-Z0-9-]/g, "-"), retries: job.retries as never, triggers: [job.event] },
    async ({ event, step, attempt, logger }) =>
      job.handler(job.schema.parse(event.data), {
        step: { run: (id, fn) => step.run(id, fn) as never },
        attempt,
        log: (m) => logger.info(m),
      }),
  );
}

export const inngestFunctions = [...jobs.map(toInngestFunction), ...newsletterCronFunctions];
