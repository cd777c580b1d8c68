import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { GROUP_BATCHES, SEND_GROUP, sendNewsletterGroupJob, sendNewsletterJob } from "~/features/newsletter/jobs.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";

/**
 * Under Inngest (1,000 steps per run at most) a send to 1,000,000 recipients fans out: the parent plans
 * 10,000 batches of 100 and sends one event per group; each group is its own run with one step per batch.
 * Together the runs cover every batch exactly once. Provider calls are out of scope here (steps mocked);
 * the batches' own idempotency is tested against the fake Resend in newsletter-send and provider-faults.
 */
const RECIPIENTS = 1_000_000;
const BATCHES = RECIPIENTS / 100;
const INNGEST_STEP_CAP = 1000;

type GroupEvent = {
  name: string;
  id: string;
  data: { newsletterId: string; attempt: number; first: number; last: number };
};

describe("newsletter fan-out under Inngest", () => {
  it("a 1,000,000-recipient plan: one event per group, each group a run that sends its batches once", async () => {
    const parent = new InngestTestEngine({
      function: toInngestFunction(sendNewsletterJob),
      events: [{ name: sendNewsletterJob.name, data: { newsletterId: "nl-million", attempt: 0 } }],
      // The plan (10,000 batch rows for 1M subscribers) and the event API are stood in; the code between is real.
      steps: [
        { id: "plan", handler: () => ({ batchCount: BATCHES }) },
        { id: "fan-out", handler: () => ({ ids: [] }) },
      ],
    });
    const planned = await parent.execute();
    expect(planned.error).toBeUndefined();
    expect(planned.result).toEqual({
      newsletterId: "nl-million",
      batchCount: BATCHES,
      groups: BATCHES / GROUP_BATCHES,
    });
    const sends = (planned.ctx.step.sendEvent as unknown as { mock: { calls: [string, GroupEvent[]][] } }).mock.calls;
    expect(sends).toHaveLength(1);
    const events = sends[0]![1];
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length); // re-sending the plan dedupes by id
    expect(events.every((e) => e.name === SEND_GROUP)).toBe(true);

    const sentPerBatch = new Uint8Array(BATCHES);
    let maxSteps = 0;
    for (const event of events) {
      const { first, last } = event.data;
      const steps = Array.from({ length: last - first }, (_, k) => ({
        id: `batch-${first + k}`,
        handler: () => {
          sentPerBatch[first + k]!++;
          return { index: first + k, sent: 100 };
        },
      }));
      const child = new InngestTestEngine({
        function: toInngestFunction(sendNewsletterGroupJob),
        events: [event],
        steps: [...steps, { id: "finish-if-complete", handler: () => ({ batchesLeft: 0 }) }],
      });
      const run = await child.execute();
      expect(run.error, `group ${first}-${last}`).toBeUndefined();
      maxSteps = Math.max(maxSteps, steps.length + 1);
    }
    expect(sentPerBatch.every((n) => n === 1)).toBe(true); // every batch once: none missing, none twice
    expect(maxSteps).toBeLessThan(INNGEST_STEP_CAP);
  }, 600_000);
});
