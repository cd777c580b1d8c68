import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from "@fedify/fedify";
import { z } from "zod";
import { defineJob, type Job } from "~/platform/jobs/define-job.ts";
import type { EnqueueOptions } from "~/platform/jobs/jobs-client.ts";
import { enqueue as enqueueOnPort } from "~/platform/jobs/jobs-client.ts";

type Handler = (message: unknown) => Promise<void> | void;

/** A task of Fedify's (a fan-out, a delivery to one inbox, an incoming activity) as a job's payload: JSON. */
export const queuedTaskSchema = z.object({ message: z.record(z.string(), z.unknown()) });
export type QueuedTaskJob = Job<typeof queuedTaskSchema>;

type Enqueue = (
  job: QueuedTaskJob,
  payload: z.input<typeof queuedTaskSchema>,
  opts: EnqueueOptions,
) => Promise<unknown>;

// One listener per queue and process: Next bundles routes apart, and the job's worker must find the listener
// the federation registered, whichever bundle started it.
const holder = globalThis as { __fediverseListeners?: Map<string, Handler> };
holder.__fediverseListeners ??= new Map();
const listeners = holder.__fediverseListeners;

/**
 * Fedify's MessageQueue on the jobs port: each task is a job (`job`), so it is durable, runs on any instance
 * and is retried with the port's backoff (nativeRetrial: Fedify throws a failed delivery back to us instead of
 * re-enqueueing it), then ends failed, visible in admin › Trabajos. A delay becomes the job's start delay.
 * Tasks are not ordered among themselves (pg-boss has no ordering key): see docs/fediverse.md.
 */
export class JobsMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;

  constructor(
    private readonly job: QueuedTaskJob,
    private readonly send: Enqueue = enqueueOnPort,
  ) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay ? options.delay.total({ unit: "millisecond" }) : 0;
    await this.send(
      this.job,
      { message: message as Record<string, unknown> },
      delayMs > 0 ? { delaySeconds: Math.ceil(delayMs / 1000) } : {},
    );
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    for (const message of messages) await this.enqueue(message, options);
  }

  /** Registers the handler this process's jobs hand their tasks to, until `signal` aborts. */
  listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    listeners.set(this.job.name, handler);
    return new Promise((resolve) => {
      const stop = () => {
        if (listeners.get(this.job.name) === handler) listeners.delete(this.job.name);
        resolve();
      };
      if (options?.signal?.aborted) stop();
      else options?.signal?.addEventListener("abort", stop, { once: true });
    });
  }
}

/**
 * The job's side: hands the task to the listener. A process that has not started its federation's queue yet
 * starts it first (`start`), so that any instance's worker can run any task.
 */
export async function runQueuedTask(jobName: string, message: unknown, start: () => Promise<void>): Promise<void> {
  if (!listeners.has(jobName)) await start();
  const handler = listeners.get(jobName);
  if (!handler) throw new Error(`no fediverse queue listener in this process for ${jobName}`);
  await handler(message);
}

/**
 * The job that runs a federation's queued tasks, named `name`; `start` starts that federation's queue in this
 * process (its `startQueue`), which registers the listener the job hands tasks to.
 */
export function queuedTaskJob(name: string, start: () => Promise<void>): QueuedTaskJob {
  return defineJob({
    name,
    schema: queuedTaskSchema,
    // Retries with the port's exponential backoff (2^n × the base: about 8.5 minutes over 8 retries by default),
    // then the run ends failed: the dead letter an operator sees in admin › Trabajos and can retry.
    retries: 8,
    handler: ({ message }) => runQueuedTask(name, message, start),
  });
}
