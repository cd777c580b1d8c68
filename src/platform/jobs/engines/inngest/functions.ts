import { cron, NonRetriableError } from "inngest";
import { type AnyJob, describeFailure, reportFailure } from "../../define-job.ts";
import { inngest } from "./client.ts";
import { noteRunEnded, noteRunStarted, noteRunStep, runWasCancelled } from "./runs.ts";

/**
 * Wraps a job as an Inngest function: its steps become Inngest steps (durable, retried, memoised); a job
 * with a `cron` is also triggered by that schedule (with the payload `{}`). What the run reaches is noted
 * for the operators' view (inngest/runs.ts). A failure goes to the job's `onFailure` hook; a final one inside
 * the memoised step "fail", so the job marks its record failed once, however often Inngest replays the run.
 */
export function toInngestFunction(job: AnyJob) {
  return inngest.createFunction(
    {
      id: job.name.replace(/[^a-zA-Z0-9-]/g, "-"),
      retries: job.retries as never,
      triggers: job.cron ? [job.event, cron(job.cron)] : [job.event],
    },
    async ({ event, step, attempt, logger, runId }) => {
      const payload = job.schema.parse(event.name === job.name ? event.data : {});
      await noteRunStarted(runId, job.name, attempt, payload);
      try {
        const result = await job.handler(payload, {
          step: {
            run: (id, fn) =>
              step.run(id, async () => {
                // An operator's cancel (the jobs port) stops the run before its next step.
                if ((await noteRunStep(runId, id)).cancelled) throw new NonRetriableError("cancelled by an operator");
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
        // The cancel told the job already (see engines/inngest.ts).
        if (await runWasCancelled(runId)) throw err;
        const failure = describeFailure(err, attempt, job.retries);
        await noteRunEnded(runId, failure.final ? "failed" : "retrying", (err as Error)?.message ?? String(err));
        if (!failure.final) await reportFailure(job, payload, failure);
        else if (job.onFailure) await step.run("fail", () => job.onFailure!(payload, failure));
        throw err;
      }
    },
  );
}
