import { AsyncLocalStorage } from "node:async_hooks";
import type { DbClient } from "~/platform/db/client.ts";
import { asOutboxTask, deliveryStatus, markDelivered, markFailed, recordQueued } from "./deliveries.ts";
import type { QueueTracker } from "./job-queue.ts";

// The delivery a run is making: Fedify re-enqueues it itself after a 429/503 with Retry-After (instead of
// throwing), and that run then ends without the inbox having taken it.
const running = new AsyncLocalStorage<{ activityId: string; inbox: string; requeued: boolean }>();

/**
 * The deliveries' table kept by the federation's queue: each delivery Fedify queues is recorded; a run skips a
 * delivery recorded as delivered (a fan-out or an attempt run again after a crash); the outcome of each attempt
 * is stored. Fan-outs and incoming activities pass through untouched.
 */
export function deliveryTracker(db: DbClient): QueueTracker {
  return {
    async queued(messages) {
      const ctx = running.getStore();
      if (ctx) {
        for (const m of messages) {
          const t = asOutboxTask(m);
          if (t && t.activityId === ctx.activityId && t.inbox === ctx.inbox) ctx.requeued = true;
        }
      }
      await recordQueued(db, messages);
    },

    async run(message, attempt, handle) {
      const task = asOutboxTask(message);
      if (!task) return handle();
      const status = await deliveryStatus(db, task);
      if (status === "delivered") return;
      // A task queued before its row was written (a crash between the two) gets one here. Only then: the row
      // holds the task (its activity and keys named, stored once: task-bodies.ts), which a write per delivery would repeat.
      if (status === null) await recordQueued(db, [message]);
      const ctx = { activityId: task.activityId, inbox: task.inbox, requeued: false };
      await running.run(ctx, handle);
      if (ctx.requeued) {
        await markFailed(db, task, { attempt, final: false, message: "the inbox asked to retry later" });
      } else {
        await markDelivered(db, task, attempt);
      }
    },

    async failed(message, failure) {
      const task = asOutboxTask(message);
      if (task) await markFailed(db, task, failure);
    },
  };
}
