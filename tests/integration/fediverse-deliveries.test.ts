import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceArticle } from "~/features/fediverse/announce.ts";
import { listDeliveries, retryDelivery } from "~/features/fediverse/deliveries.ts";
import { JobsMessageQueue, runQueuedTask } from "~/features/fediverse/job-queue.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { FakeInboxes } from "../support/fake-inboxes.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { settleJobs } from "../support/jobs.ts";

/**
 * Deliveries as durable jobs, recorded in fediverse_deliveries: a site (its own database, its queue on the jobs
 * port) publishes to followers whose inboxes are one loopback server: five with inboxes of their own, three on
 * one server with a shared inbox (one delivery), one gone (410: dead at once), one failing (500: retried with
 * backoff, dead after the last attempt, then retried by an operator). A delivery's task run again is not sent
 * twice.
 */
let site: FediverseSite;
const inboxes = new FakeInboxes();
beforeAll(async () => {
  // Without Fedify's circuit breaker, which would hold the failing inbox's server after five failures: this is
  // the port's retries and dead letter.
  site = await startFediverseSite("deliveries", { circuitBreaker: false });
  await inboxes.listen();
});
afterAll(async () => {
  await site?.close();
  await inboxes.close();
});

async function follow(n: string, inbox: string, sharedInbox: string | null = null) {
  await site.db.fediverseFollower.create({
    data: {
      actor: "noticias",
      follower_uri: `${inboxes.origin}/users/${n}`,
      follow_uri: `${inboxes.origin}/follows/${n}`,
      inbox,
      shared_inbox: sharedInbox,
    },
  });
}

describe("deliveries as durable jobs", () => {
  it("records each delivery: delivered, shared inbox once, 410 dead at once, 500 dead after the retries", {
    timeout: 240_000,
  }, async () => {
    const shared = `${inboxes.origin}/servers/x/inbox`;
    for (let n = 1; n <= 5; n += 1) await follow(String(n), inboxes.inboxOf(n));
    for (const n of ["x1", "x2", "x3"]) await follow(n, `${inboxes.origin}/users/${n}/inbox`, shared);
    await follow("gone", `${inboxes.origin}/users/gone/inbox`);
    await follow("down", `${inboxes.origin}/users/down/inbox`);
    inboxes.answer = (path) => (path.includes("/gone/") ? 410 : path.includes("/down/") ? 500 : 202);

    const article = await site.db.article.create({
      data: {
        slug: `entregas-${randomUUID().slice(0, 6)}`,
        title_es: "Entregas duraderas",
        summary_es: "Cada entrega es un trabajo.",
        body_es: "Primer párrafo.",
        date: new Date(),
        published_at: new Date(),
        status: "published",
      },
    });
    await announceArticle(site.federation, { db: site.db }, site.origin, { kind: "published", articleId: article.id });
    await settleJobs(180_000, { skipBackoff: true });

    const [activityId] = [...inboxes.activityIds()];
    expect(activityId).toContain(`/ap/articles/es/${article.id}#published-`);
    for (let n = 1; n <= 5; n += 1) expect(inboxes.countAt(inboxes.inboxOf(n))).toBe(1);
    // The three followers on server x share one delivery to its shared inbox, none to their own inboxes.
    expect(inboxes.countAt(shared)).toBe(1);
    for (const n of ["x1", "x2", "x3"]) expect(inboxes.countAt(`/users/${n}/inbox`)).toBe(0);
    expect(inboxes.unsigned).toBe(0);

    const rows = await site.db.fediverseDelivery.findMany({ where: { activity_id: activityId } });
    const byInbox = new Map(rows.map((r) => [r.inbox, r]));
    expect(rows).toHaveLength(8);
    expect(byInbox.get(shared)).toMatchObject({ status: "delivered", shared_inbox: true, attempts: 1 });
    expect(byInbox.get(inboxes.inboxOf(3))).toMatchObject({ status: "delivered", activity_type: "Create" });
    expect(byInbox.get(`${inboxes.origin}/users/gone/inbox`)).toMatchObject({ status: "dead", status_code: 410 });
    const down = byInbox.get(`${inboxes.origin}/users/down/inbox`);
    expect(down).toMatchObject({ status: "dead", attempts: 9 }); // the first attempt and the port's 8 retries
    expect(down?.last_error).toContain("500");

    // The activity and its signing keys are stored once for the fan-out, not in each delivery's row and job.
    const bodies = await site.db.fediverseTaskBody.findMany();
    expect(bodies).toHaveLength(1);
    expect(Object.keys(bodies[0]?.body as object).sort()).toEqual(["activity", "keys"]);
    for (const row of rows) {
      const message = row.message as Record<string, unknown>;
      expect(message).not.toHaveProperty("keys");
      expect(message).not.toHaveProperty("activity");
      expect(message.body).toBe(bodies[0]?.id);
    }
    const engine = await getEngine();
    const { rows: jobs } = await engine.boss.getDb().executeSql(
      `SELECT count(*) FILTER (WHERE data->'message' ? 'keys')::int AS whole,
              count(*) FILTER (WHERE data->'message'->>'body' = $1)::int AS named
       FROM ${engine.schema}.job WHERE name = $2 AND data->'message'->>'type' = 'outbox'`,
      [bodies[0]?.id, site.taskJob.name],
    );
    expect(jobs[0]).toEqual({ whole: 0, named: 8 });

    const listed = await listDeliveries(site.db, { take: 50, status: "dead" });
    expect(listed.rows.map((r) => r.inbox).sort()).toEqual([
      `${inboxes.origin}/users/down/inbox`,
      `${inboxes.origin}/users/gone/inbox`,
    ]);
    expect(listed.counts).toMatchObject({ delivered: 6, dead: 2, queued: 0, "failed-retrying": 0 });
    expect(listed.rows[0]).not.toHaveProperty("message"); // the queued task (its signing keys) is never listed

    // A delivery's task run again (a crash after the POST, before the run completed) is not sent twice.
    const delivered = byInbox.get(inboxes.inboxOf(1));
    await runQueuedTask(site.taskJob.name, delivered?.message, async () => {});
    expect(inboxes.countAt(inboxes.inboxOf(1))).toBe(1);

    // The operator retries the dead one once the server is back: delivered, once.
    inboxes.answer = () => 202;
    const requeue = (message: unknown) => new JobsMessageQueue(site.taskJob).enqueue(message);
    expect(await retryDelivery(site.db, down?.id ?? "", requeue)).toEqual({ ok: true });
    expect(await retryDelivery(site.db, down?.id ?? "", requeue)).toEqual({ ok: false, reason: "not-dead" });
    expect(await retryDelivery(site.db, delivered?.id ?? "", requeue)).toEqual({ ok: false, reason: "not-dead" });
    expect(await retryDelivery(site.db, "nope", requeue)).toEqual({ ok: false, reason: "not-found" });
    await settleJobs(60_000);
    expect(inboxes.countAt(`${inboxes.origin}/users/down/inbox`)).toBe(1);
    const after = await site.db.fediverseDelivery.findUnique({ where: { id: down?.id ?? "" } });
    expect(after).toMatchObject({ status: "delivered", attempts: 1, last_error: null });
    expect(inboxes.unsigned).toBe(0); // the retried task got its activity and keys back, and was signed
  });
});
