import { cron } from "inngest";
import { inngest } from "./client.ts";
import type { AnyJob } from "./contract.ts";
import { jobs } from "./registry.ts";

/**
 * Wraps a job as an Inngest function: its steps become Inngest steps (durable, retried, memoised); a job
 * with a `cron` is also triggered by that schedule (with the payload `{}`).
 */
export function toInngestFunction(job: AnyJob) {
  return inngest.createFunction(
    {
      id: job.name.replace(/[^a-zA-Z0-9-]/g, "-"),
      retries: job.retries as never,
      triggers: job.cron ? [job.event, cron(job.cron)] : [job.event],
    },
    async ({ event, step, attempt, logger, runId }) =>
      job.handler(job.schema.parse(event.name === job.name ? event.data : {}), {
        step: { run: (id, fn) => step.run(id, fn) as never, sendEvent: (id, events) => step.sendEvent(id, events) },
        attempt,
        runId,
        log: (m) => logger.info(m),
      }),
  );
}

export const inngestFunctions = jobs.map(toInngestFunction);
