import { cron } from "inngest";
import { inngest } from "../../platform/jobs/client.ts";
import type { AnyJob } from "../../platform/jobs/contract.ts";
import { noteRunEnded, noteRunStarted, noteRunStep } from "../../platform/jobs/inngest-runs.ts";
import { jobs } from "./registry.ts";

/**
 * Wraps a job as an Inngest function: its steps become Inngest steps (durable, retried, memoised); a job
 * with a `cron` is also triggered by that schedule (with the payload `{}`). What the run reaches is noted
 * for the operators' view (inngest-runs.ts).
 */
export function toInngestFunction(job: AnyJob) {
  return inngest.createFunction(
    {
      id: job.name.replace(/[^a-zA-Z0-9-]/g, "-"),
      retries: job.retries as never,
      triggers: job.cron ? [job.event, cron(job.cron)] : [job.event],
    },
    async ({ event, step, attempt, logger, runId }) => {
      await noteRunStarted(runId, job.name, attempt);
      try {
        const result = await job.handler(job.schema.parse(event.name === job.name ? event.data : {}), {
          step: {
            run: (id, fn) =>
              step.run(id, async () => {
                await noteRunStep(runId, id);
                return fn();
              }) as never,
            sendEvent: (id, events) => step.sendEvent(id, events),
          },
          attempt,
          runId,
          log: (m) => logger.info(m),
        });
        await noteRunEnded(runId, "completed");
        return result;
      } catch (err) {
        // A step out of retries (StepError), a non-retriable error or the last attempt ends the run.
        const name = (err as Error)?.name;
        const final = attempt >= job.retries || name === "StepError" || name === "NonRetriableError";
        await noteRunEnded(runId, final ? "failed" : "retrying", (err as Error)?.message ?? String(err));
        throw err;
      }
    },
  );
}

export const inngestFunctions = jobs.map(toInngestFunction);
