import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { assertRunnable } from "./run-plan.ts";
import { fetchRunMaterial, finishUnsourcedRun, isGrounded, verifyRunDraft } from "./run-sources.ts";
import {
  beginRun,
  checkRunSources,
  draftRun,
  finishEmptyRun,
  finishRun,
  gatherRunMaterial,
  illustrateRun,
  recordRunFailure,
  saveRun,
  translateRun,
} from "./run-steps.ts";

/**
 * Executes one agent run in durable steps: gather material → fetch the sources (no source read: no draft) →
 * draft from their text → verify → complete the other language → verify both → check sources → image (if
 * enabled) → save → finish. Each step records itself on the run (run-steps.ts); a step
 * that succeeded is never repeated on retry, and "save" is idempotent, so a replayed run never writes a
 * second article. A failed attempt, and the run's final failure, reach the run through `onFailure`.
 */
export const agentRunJob = defineJob({
  name: "agents/run.requested",
  schema: z.object({ runId: z.string().min(1) }),
  retries: 3,
  onFailure: ({ runId }, failure) => recordRunFailure(db, runId, failure),
  handler: async ({ runId }, { step }) => {
    const plan = await step.run("start", () => beginRun(db, runId));
    // Outside any step, so a missing key fails the run at once under Inngest as well as in-process
    // (a non-retriable error thrown inside a step would only end that step).
    assertRunnable(plan);

    const material = await step.run("gather-material", () => gatherRunMaterial(db, plan));
    if (plan.kind === "news-aggregator" && material.items.length === 0)
      return step.run("finish-empty", () => finishEmptyRun(db, plan));
    if (isGrounded(plan)) {
      const { read } = await step.run("fetch-sources", () => fetchRunMaterial(db, plan, material));
      if (read === 0) return step.run("finish-unsourced", () => finishUnsourcedRun(db, plan));
    }

    const draft = await step.run("draft", () => draftRun(db, plan, material));
    if (isGrounded(plan)) await step.run("verify-draft", () => verifyRunDraft(db, plan, draft, null));
    const translation = await step.run("complete-language", () => translateRun(db, plan, draft));
    const report = isGrounded(plan)
      ? await step.run("verify", () => verifyRunDraft(db, plan, draft, translation))
      : null;
    const check = await step.run("check-sources", () => checkRunSources(db, plan, draft));
    const imageUrl = plan.generateImage ? await step.run("image", () => illustrateRun(db, plan, draft)) : null;
    const work = { draft, translation, check, imageUrl, report };
    const saved = await step.run("save", () => saveRun(db, plan, work));
    return step.run("finish", () => finishRun(db, plan, saved, work));
  },
});
