import { createHash } from "node:crypto";
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from "@fedify/fedify";
import { z } from "zod";
import { defineJob, type Job, type JobFailure } from "~/platform/jobs/define-job.ts";
import type { EnqueueOptions } from "~/platform/jobs/jobs-client.ts";
import { enqueueMany, enqueue as enqueueOnPort } from "~/platform/jobs/jobs-client.ts";
import type { TaskBodies } from "./task-bodies.ts";

type Handler = (message: unknown) => Promise<void> | void;

/**
 * What a federation records of its tasks (the deliveries' table, delivery-tracking.ts): the tasks queued, each
 * run (which may skip a delivery already made) and each failed attempt.
 */
export interface QueueTracker {
  queued(messages: readonly unknown[]): Promise<void>;
  run(message: unknown, attempt: number, handle: () => Promise<void>): Promise<void>;
  failed(message: unknown, failure: JobFailure): Promise<void>;
}

interface Listener {
  handler: Handler;
  tracker?: QueueTracker;
  bodies?: TaskBodies;
}

/** A task of Fedify's (a fan-out, a delivery to one inbox, an incoming activity) as a job's payload: JSON. */
export const queuedTaskSchema = z.object({ message: z.record(z.string(), z.unknown()) });
export type QueuedTaskJob = Job<typeof queuedTaskSchema>;

type Enqueue = (
  job: QueuedTaskJob,
  payload: z.input<typeof queuedTaskSchema>,
  opts: EnqueueOptions,
) => Promise<unknown>;

/** Deliveries recorded and queued per step of a fan-out. */
const ENQUEUE_CHUNK = 200;

// One listener per queue and process: Next bundles routes apart, and the job's worker must find the listener
// the federation registered, whichever bundle started it.
const holder = globalThis as {
  __fediverseListeners?: Map<string, Listener>;
  __fediverseDeliveryGate?: () => Promise<unknown>;
};
holder.__fediverseListeners ??= new Map();
const listeners = holder.__fediverseListeners;

/**
 * A gate each delivery to an inbox passes first, in the process that sets one (the fediverse's own process: it
 * waits while the server and the other processes leave no spare CPU), and so does each chunk a fan-out records
 * and queues. Incoming activities do not wait (they run on the server, which sets no gate).
 */
export function setDeliveryGate(gate: () => Promise<unknown>): void {
  holder.__fediverseDeliveryGate = gate;
}

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
    private readonly tracker?: QueueTracker,
    /**
     * Where incoming activities go, when not on `job`: the deliveries' job may be worked by a process of its own
     * at a lower priority (FEDIVERSE_PROCESS=own), where an Accept would wait behind a fan-out.
     */
    private readonly inboxJob?: QueuedTaskJob,
    /** Where an outgoing task's activity and keys are stored once (task-bodies.ts); without it they travel whole. */
    private readonly bodies?: TaskBodies,
  ) {}

  private slim(messages: readonly unknown[]): Promise<readonly unknown[]> {
    return this.bodies ? this.bodies.slim(messages) : Promise.resolve(messages);
  }

  /** The job a task runs as: an incoming activity on the inbox job (when there is one), the rest on `job`. */
  private jobOf(message: unknown): QueuedTaskJob {
    const inbound = (message as { type?: unknown } | null)?.type === "inbox";
    return inbound && this.inboxJob ? this.inboxJob : this.job;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const [queued] = await this.slim([message]);
    await this.tracker?.queued([queued]);
    await this.sendOne(queued, options);
  }

  /**
   * A fan-out's deliveries, a chunk at a time: recorded and queued before the next chunk is serialised, so a
   * fan-out to 10,000 inboxes never builds one statement of 10,000 copies of the activity and its keys.
   */
  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    for (let i = 0; i < messages.length; i += ENQUEUE_CHUNK) {
      // A fan-out's recording and queueing is database work too: each chunk waits at the gate as a delivery does.
      await holder.__fediverseDeliveryGate?.();
      const chunk = await this.slim(messages.slice(i, i + ENQUEUE_CHUNK));
      await this.tracker?.queued(chunk);
      // One statement per job for the chunk rather than 200 inserts, each at the database's (the pages') priority.
      const byJob = new Map<QueuedTaskJob, unknown[]>();
      for (const message of chunk) {
        const job = this.jobOf(message);
        const queued = byJob.get(job);
        if (queued) queued.push(message);
        else byJob.set(job, [message]);
      }
      for (const [job, queued] of byJob)
        await enqueueMany(
          job,
          queued.map((message) => ({
            payload: { message: message as Record<string, unknown> },
            opts: runOptions(message, options),
          })),
        );
    }
  }

  private async sendOne(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.send(this.jobOf(message), { message: message as Record<string, unknown> }, runOptions(message, options));
  }

  /** Registers the handler this process's jobs hand their tasks to, until `signal` aborts. */
  listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    const listener: Listener = {
      handler,
      ...(this.tracker ? { tracker: this.tracker } : {}),
      ...(this.bodies ? { bodies: this.bodies } : {}),
    };
    const names = [this.job.name, ...(this.inboxJob ? [this.inboxJob.name] : [])];
    for (const name of names) listeners.set(name, listener);
    return new Promise((resolve) => {
      const stop = () => {
        for (const name of names) if (listeners.get(name) === listener) listeners.delete(name);
        resolve();
      };
      if (options?.signal?.aborted) stop();
      else options?.signal?.addEventListener("abort", stop, { once: true });
    });
  }
}

/** A task's start delay (Fedify's) and deduplication id as the jobs port takes them. */
function runOptions(message: unknown, options?: MessageQueueEnqueueOptions): EnqueueOptions {
  const delayMs = options?.delay ? options.delay.total({ unit: "millisecond" }) : 0;
  const id = taskDedupeId(message);
  return { ...(delayMs > 0 ? { delaySeconds: Math.ceil(delayMs / 1000) } : {}), ...(id ? { id } : {}) };
}

/**
 * The job's side: hands the task to the listener. A process that has not started its federation's queue yet
 * starts it first (`start`), so that any instance's worker can run any task.
 */
export async function runQueuedTask(
  jobName: string,
  message: unknown,
  start: () => Promise<void>,
  attempt = 0,
): Promise<void> {
  if (!listeners.has(jobName)) await start();
  const listener = listeners.get(jobName);
  if (!listener) throw new Error(`no fediverse queue listener in this process for ${jobName}`);
  const gate = holder.__fediverseDeliveryGate;
  if (gate && (message as { type?: unknown } | null)?.type === "outbox") await gate();
  // Fedify gets the task as it queued it: the activity and keys stored apart are put back.
  const handle = async () =>
    void (await listener.handler(listener.bodies ? await listener.bodies.full(message) : message));
  await (listener.tracker ? listener.tracker.run(message, attempt, handle) : handle());
}

/** A failed attempt of a task, told to the federation's tracker (when this process runs one). */
export async function reportQueuedTaskFailure(jobName: string, message: unknown, failure: JobFailure): Promise<void> {
  await listeners.get(jobName)?.tracker?.failed(message, failure);
}

/**
 * The engine's deduplication id of a task that must be queued once: a fan-out of one activity, or the first
 * attempt of its delivery to one inbox (a fan-out run again after a crash re-enqueues its deliveries: they are
 * not queued twice). Fedify's own re-enqueues (a 429's Retry-After, a delivery held by an open circuit) and an
 * operator's retry are queued as they come.
 */
export function taskDedupeId(message: unknown): string | null {
  const m = message as Record<string, unknown> | null;
  if (typeof m?.activityId !== "string") return null;
  const first = (m.attempt ?? 0) === 0 && !m.circuitHeld && !m.retriedAt;
  const parts =
    m.type === "fanout"
      ? ["fanout", m.activityId]
      : m.type === "outbox" && typeof m.inbox === "string" && first
        ? ["outbox", m.activityId, m.inbox]
        : null;
  return parts ? `fediverse:${createHash("sha256").update(parts.join("\n")).digest("hex")}` : null;
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
    // Each run is mostly a wait on another server's inbox: a fan-out to thousands of followers needs many at once.
    workers: 16,
    handler: ({ message }, ctx) => runQueuedTask(name, message, start, ctx.attempt),
    onFailure: ({ message }, failure) => reportQueuedTaskFailure(name, message, failure),
  });
}
