import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { setLane } from "~/platform/jobs/job-registry.ts";
import { restAdmin } from "../support/rest-admin.ts";

// As on the site with the fediverse's own process (FEDIVERSE_PROCESS=own, src/server/job-list.ts), this process
// does not work the fediverse's tasks: a retried task stays queued while the test reads it, and no worker here
// tries to send the stand-in tasks below, which carry no keys (Fedify failed on them: "reading 'map'").
setLane({ except: ["fediverse/task"] });

/**
 * Admin › Fediverso, deliveries over the REST API (the admin procedures behind the panel): the list filtered by
 * status, bad input a 400 naming the field, and the retry: a dead delivery is queued again on the jobs port
 * (a run of fediverse/task with the stored task), anything else is a 404 or a 409 that changes nothing; and the
 * dismissal of a dead one (its row deleted), refused for any other.
 */
const uid = () => randomBytes(5).toString("hex");

async function delivery(status: string) {
  const activityId = `https://riesgos.example/ap/articles/es/${uid()}#published-${uid()}`;
  const inbox = `https://mastodon.example/users/${uid()}/inbox`;
  return db.fediverseDelivery.create({
    data: {
      activity_id: activityId,
      activity_type: "Create",
      inbox,
      status,
      attempts: status === "dead" ? 9 : 1,
      last_error: status === "dead" ? "500 Internal Server Error" : null,
      message: { type: "outbox", activityId, activityType: "Create", inbox, sharedInbox: false, attempt: 0 },
    },
  });
}

describe("admin › Fediverso, deliveries", () => {
  it("lists deliveries by status with the counts; rejects a bad filter naming it", async () => {
    const admin = await restAdmin(`fedi-admin-${uid()}`);
    const dead = await delivery("dead");
    const done = await delivery("delivered");
    const res = await admin.call("GET", "/admin/fediverse/deliveries?status=dead&take=200");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: { id: string; status: string }[]; counts: Record<string, number> };
    expect(body.rows.map((r) => r.id)).toContain(dead.id);
    expect(body.rows.map((r) => r.id)).not.toContain(done.id);
    expect(body.rows.every((r) => r.status === "dead")).toBe(true);
    expect(body.counts.dead).toBeGreaterThanOrEqual(1);
    expect(body.counts.delivered).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(body)).not.toContain('"message"'); // the stored task (with its keys) is never listed

    for (const [query, field] of [
      ["status=lost", "status"],
      ["take=0", "take"],
      ["take=500", "take"],
    ] as const) {
      const bad = await admin.call("GET", `/admin/fediverse/deliveries?${query}`);
      expect(bad.status, query).toBe(400);
      expect(JSON.stringify(await bad.json()), query).toContain(field);
    }
  });

  it("retries a dead delivery once; a delivered or unknown one is refused and nothing changes", async () => {
    const admin = await restAdmin(`fedi-retry-${uid()}`);
    const dead = await delivery("dead");
    const done = await delivery("delivered");

    const conflict = await admin.call("POST", `/admin/fediverse/deliveries/${done.id}/retry`);
    expect(conflict.status).toBe(409);
    expect(await db.fediverseDelivery.findUnique({ where: { id: done.id } })).toMatchObject({ status: "delivered" });
    expect((await admin.call("POST", "/admin/fediverse/deliveries/cl-no-such-delivery/retry")).status).toBe(404);

    const ok = await admin.call("POST", `/admin/fediverse/deliveries/${dead.id}/retry`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    expect(await db.fediverseDelivery.findUnique({ where: { id: dead.id } })).toMatchObject({
      status: "queued",
      attempts: 0,
      last_error: null,
    });
    // A second click finds it queued: refused (at once: this process's workers may run the task any moment).
    expect((await admin.call("POST", `/admin/fediverse/deliveries/${dead.id}/retry`)).status).toBe(409);
    // Queued on the jobs port as a fresh first attempt of the stored task.
    const { schema } = await getEngine();
    const runs = await db.$queryRawUnsafe<{ id: string; attempt: number }[]>(
      `SELECT id::text, (data->'message'->>'attempt')::int AS attempt FROM ${schema}.job
        WHERE name = 'fediverse/task' AND data->'message'->>'activityId' = $1`,
      dead.activity_id,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]?.attempt).toBe(0);
    // Its inbox is no real server: the run is cancelled (the operator's other tool) rather than left retrying.
    expect((await admin.call("POST", `/admin/jobs/${runs[0]?.id}/cancel`)).status).toBe(200);

    const audit = await db.auditEntry.findMany({ where: { action: "fediverse_delivery.retry", outcome: "success" } });
    expect(audit.map((a) => a.target_id)).toContain(dead.id);
  });

  it("dismisses a dead delivery (its row goes, audited); a delivered, retrying or unknown one is refused", async () => {
    const admin = await restAdmin(`fedi-dismiss-${uid()}`);
    const dead = await delivery("dead");
    const done = await delivery("delivered");
    const retrying = await delivery("failed-retrying");
    for (const kept of [done, retrying]) {
      const refused = await admin.call("POST", `/admin/fediverse/deliveries/${kept.id}/dismiss`);
      expect(refused.status, kept.status).toBe(409);
      expect(await db.fediverseDelivery.findUnique({ where: { id: kept.id } })).toMatchObject({ status: kept.status });
    }
    expect((await admin.call("POST", "/admin/fediverse/deliveries/cl-no-such-delivery/dismiss")).status).toBe(404);
    const bad = await admin.call("POST", `/admin/fediverse/deliveries/${"x".repeat(65)}/dismiss`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe("id");

    const ok = await admin.call("POST", `/admin/fediverse/deliveries/${dead.id}/dismiss`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    expect(await db.fediverseDelivery.findUnique({ where: { id: dead.id } })).toBeNull();
    expect((await admin.call("POST", `/admin/fediverse/deliveries/${dead.id}/dismiss`)).status).toBe(404);
    const audit = await db.auditEntry.findMany({ where: { action: "fediverse_delivery.dismiss", target_id: dead.id } });
    expect(audit.map((a) => a.outcome)).toContain("success");
  });
});
