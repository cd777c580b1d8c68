import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/** Where a delivery of one activity to one inbox stands. */
export const DELIVERY_STATUSES = ["queued", "delivered", "failed-retrying", "dead"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The part of Fedify's queued outbox task a delivery is keyed and shown by. */
export interface OutboxTask {
  type: "outbox";
  activityId: string;
  activityType: string;
  inbox: string;
  sharedInbox: boolean;
}

/** Fedify's task for one inbox (as opposed to a fan-out or an incoming activity), with an activity id. */
export function asOutboxTask(message: unknown): OutboxTask | null {
  const m = message as Partial<OutboxTask> | null;
  if (m?.type !== "outbox" || typeof m.activityId !== "string" || typeof m.inbox !== "string") return null;
  return {
    type: "outbox",
    activityId: m.activityId,
    // Fedify queues the type's IRI (…/activitystreams#Create): its name is what an operator reads.
    activityType: typeof m.activityType === "string" ? (m.activityType.split("#").pop() ?? "Activity") : "Activity",
    inbox: m.inbox,
    sharedInbox: m.sharedInbox === true,
  };
}

const key = (t: OutboxTask) => ({ activity_id_inbox: { activity_id: t.activityId, inbox: t.inbox } });

/**
 * Records deliveries as queued, once per (activity, inbox): a fan-out run again after a crash finds its rows
 * and leaves them (and their status) alone.
 */
export async function recordQueued(db: DbClient, messages: readonly unknown[]): Promise<void> {
  const data = messages.flatMap((message) => {
    const t = asOutboxTask(message);
    if (!t) return [];
    return [
      {
        activity_id: t.activityId,
        activity_type: t.activityType,
        inbox: t.inbox,
        shared_inbox: t.sharedInbox,
        message: message as Prisma.InputJsonValue,
      },
    ];
  });
  if (data.length > 0) await db.fediverseDelivery.createMany({ data, skipDuplicates: true });
}

/**
 * Where this (activity, inbox) stands, or null when it has no row: a task run again must not send a delivered
 * one twice.
 */
export async function deliveryStatus(db: DbClient, t: OutboxTask): Promise<string | null> {
  const row = await db.fediverseDelivery.findUnique({ where: key(t), select: { status: true } });
  return row?.status ?? null;
}

/**
 * The inbox accepted it. A delivery Fedify gave up on during the same attempt (404/410: marked dead by the
 * permanent-failure handler) stays dead.
 */
export async function markDelivered(db: DbClient, t: OutboxTask, attempt: number): Promise<void> {
  await db.fediverseDelivery.updateMany({
    where: { activity_id: t.activityId, inbox: t.inbox, status: { in: ["queued", "failed-retrying"] } },
    data: { status: "delivered", attempts: attempt + 1, delivered_at: new Date(), last_error: null },
  });
}

/** An attempt failed: retried by the jobs port with its backoff, or, after the last one, dead. */
export async function markFailed(
  db: DbClient,
  t: OutboxTask,
  failure: { attempt: number; final: boolean; message: string },
): Promise<void> {
  await db.fediverseDelivery.updateMany({
    where: { activity_id: t.activityId, inbox: t.inbox, status: { not: "delivered" } },
    data: {
      status: failure.final ? "dead" : "failed-retrying",
      attempts: failure.attempt + 1,
      last_error: failure.message.slice(0, 500),
    },
  });
}

/** The inbox answered a status that means "never" (404, 410): dead at once, not retried. */
export async function markDead(
  db: DbClient,
  activityId: string,
  inbox: string,
  statusCode: number,
  error: string,
): Promise<void> {
  await db.fediverseDelivery.updateMany({
    where: { activity_id: activityId, inbox, status: { not: "delivered" } },
    data: { status: "dead", status_code: statusCode, last_error: error.slice(0, 500) },
  });
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  /** Rows per page; the newest first. */
  take: number;
  /** The last row id of the previous page. */
  cursor?: string;
}

const listed = {
  id: true,
  activity_id: true,
  activity_type: true,
  inbox: true,
  shared_inbox: true,
  status: true,
  attempts: true,
  last_error: true,
  status_code: true,
  created_at: true,
  updated_at: true,
  delivered_at: true,
} as const;

export type DeliveryRow = Prisma.FediverseDeliveryGetPayload<{ select: typeof listed }>;

/** The latest deliveries (optionally of one status), newest first, with the count of each status. */
export async function listDeliveries(db: DbClient, filter: DeliveryFilter) {
  const rows = await db.fediverseDelivery.findMany({
    where: filter.status ? { status: filter.status } : {},
    orderBy: [{ updated_at: "desc" }, { id: "desc" }],
    take: filter.take + 1,
    ...(filter.cursor ? { cursor: { id: filter.cursor }, skip: 1 } : {}),
    select: listed,
  });
  const grouped = await db.fediverseDelivery.groupBy({ by: ["status"], _count: { _all: true } });
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  for (const g of grouped) if (g.status in counts) counts[g.status as DeliveryStatus] = g._count._all;
  const page = rows.slice(0, filter.take);
  return { rows: page, counts, nextCursor: rows.length > filter.take ? (page.at(-1)?.id ?? null) : null };
}

/** What an operator's action on a dead delivery (retry, dismiss) came to. */
export type RetryOutcome = { ok: true } | { ok: false; reason: "not-found" | "not-dead" };

/**
 * An operator's retry of a dead delivery: back to queued and handed to `requeue` (the federation's queue) as a
 * fresh first attempt. Only a dead one: a delivered one must not be sent twice, a retrying one is on its way.
 */
export async function retryDelivery(
  db: DbClient,
  id: string,
  requeue: (message: unknown) => Promise<void>,
): Promise<RetryOutcome> {
  const row = await db.fediverseDelivery.findUnique({ where: { id }, select: { status: true, message: true } });
  if (!row) return { ok: false, reason: "not-found" };
  // Claimed by the status change, so two operators' clicks queue it once.
  const { count } = await db.fediverseDelivery.updateMany({
    where: { id, status: "dead" },
    data: { status: "queued", attempts: 0, last_error: null, status_code: null },
  });
  if (count === 0) return { ok: false, reason: "not-dead" };
  const message = row.message as Record<string, unknown>;
  await requeue({ ...message, attempt: 0, retriedAt: new Date().toISOString() });
  return { ok: true };
}

/**
 * Deletes the deliveries delivered (their last change) before `before`: they are kept for the operator's
 * recent view only. Queued, retrying and dead ones stay whatever their age: a dead one until it is retried.
 */
export async function pruneDelivered(db: DbClient, before: Date): Promise<number> {
  const { count } = await db.fediverseDelivery.deleteMany({
    where: { status: "delivered", updated_at: { lt: before } },
  });
  return count;
}

/**
 * An operator gives up on a dead delivery: its row goes (with the stored task). Only a dead one: a delivered one
 * is pruned in its time, a queued or retrying one is on its way.
 */
export async function dismissDelivery(db: DbClient, id: string): Promise<RetryOutcome> {
  const { count } = await db.fediverseDelivery.deleteMany({ where: { id, status: "dead" } });
  if (count > 0) return { ok: true };
  const exists = await db.fediverseDelivery.count({ where: { id } });
  return { ok: false, reason: exists > 0 ? "not-dead" : "not-found" };
}
