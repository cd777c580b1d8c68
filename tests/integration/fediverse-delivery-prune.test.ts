import { describe, expect, it } from "vitest";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * Delivered deliveries older than the retention (30 days by default) are deleted by a daily job of the jobs
 * port; queued, retrying and dead ones stay whatever their age, and admin › Fediverso still lists the recent
 * ones with their counts. A database of its own: the counts are the whole table's.
 */
const database = await createPrivateDatabase("fedi_prune");
const { db } = await import("~/platform/db/db.ts");
const { getEngine } = await import("~/platform/jobs/engines/embedded/engine.ts");
const { registerAppJobs } = await import("~/server/job-list.ts");
const { fediverseDeliveryPruneJob } = await import("~/features/fediverse/index.ts");
const { runJob } = await import("../support/jobs.ts");
const { restAdmin } = await import("../support/rest-admin.ts");

registerAppJobs();

/** A delivery in `status` whose last change was `daysAgo` days ago. */
async function delivery(status: string, daysAgo: number, body?: string) {
  const activityId = `https://riesgos.example/ap/articles/es/poda#${status}-${daysAgo}`;
  const inbox = `https://mastodon.example/users/${status}-${daysAgo}/inbox`;
  const row = await db.fediverseDelivery.create({
    data: {
      activity_id: activityId,
      activity_type: "Create",
      inbox,
      status,
      attempts: 1,
      delivered_at: status === "delivered" ? new Date() : null,
      message: { type: "outbox", activityId, activityType: "Create", inbox, sharedInbox: false, attempt: 0, body },
    },
  });
  await db.$executeRaw`UPDATE fediverse_deliveries
     SET updated_at = now() - make_interval(days => ${daysAgo}), delivered_at = CASE WHEN delivered_at IS NULL
       THEN NULL ELSE now() - make_interval(days => ${daysAgo}) END
     WHERE id = ${row.id}`;
  return row.id;
}

describe("pruning delivered deliveries", () => {
  it("is scheduled daily on the jobs port", async () => {
    await expectAppOn(db, database.name);
    const engine = await getEngine();
    const schedules = await engine.boss.getSchedules();
    expect(schedules.find((s) => s.name === fediverseDeliveryPruneJob.name)).toMatchObject({ cron: "45 3 * * *" });
  });

  it("deletes delivered rows past the retention; keeps recent ones and every failed, dead or queued one", async () => {
    // A fan-out's stored activity (task-bodies.ts) goes with the last row that names it, once past the retention.
    for (const [id, daysAgo] of [
      ["cuerpo-muerto", 90],
      ["cuerpo-podado", 90],
      ["cuerpo-nuevo", 1],
    ] as const) {
      await db.fediverseTaskBody.create({ data: { id, body: { activity: {}, keys: [] } } });
      await db.$executeRaw`UPDATE fediverse_task_bodies SET created_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${id}`;
    }
    const oldDelivered = await delivery("delivered", 31, "cuerpo-podado");
    const olderDelivered = await delivery("delivered", 400);
    const recentDelivered = await delivery("delivered", 29);
    const oldDead = await delivery("dead", 90, "cuerpo-muerto");
    const oldRetrying = await delivery("failed-retrying", 90);
    const oldQueued = await delivery("queued", 90);

    expect(await runJob(fediverseDeliveryPruneJob, {})).toEqual({ deleted: 2, bodies: 1 });
    const bodies = await db.fediverseTaskBody.findMany({ select: { id: true } });
    expect(bodies.map((b) => b.id).sort()).toEqual(["cuerpo-muerto", "cuerpo-nuevo"]); // a dead row can be retried

    const left = await db.fediverseDelivery.findMany({ select: { id: true } });
    expect(left.map((r) => r.id).sort()).toEqual([recentDelivered, oldDead, oldRetrying, oldQueued].sort());
    expect(left.map((r) => r.id)).not.toContain(oldDelivered);
    expect(left.map((r) => r.id)).not.toContain(olderDelivered);

    // Admin › Fediverso still lists the last deliveries, with the counts of what is left.
    const admin = await restAdmin("fedi-prune-admin");
    const res = await admin.call("GET", "/admin/fediverse/deliveries?take=50");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: { id: string }[]; counts: Record<string, number> };
    expect(body.rows[0]?.id).toBe(recentDelivered); // the newest first
    expect(body.rows.map((r) => r.id).sort()).toEqual([recentDelivered, oldDead, oldRetrying, oldQueued].sort());
    expect(body.counts).toEqual({ queued: 1, delivered: 1, "failed-retrying": 1, dead: 1 });

    // Run again: nothing more to delete.
    expect(await runJob(fediverseDeliveryPruneJob, {})).toEqual({ deleted: 0, bodies: 0 });
  });
});
