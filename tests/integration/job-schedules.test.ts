import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ReportStore } from "~/features/grounding/report-store.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * Schedules: a job's `cron` runs on the embedded engine (pg-boss) and under Inngest; the Friday Top 5 acts
 * once per weekly slot whoever fires it (schedule, another instance, Inngest, a catch-up), and a fire missed
 * while the site was down is caught up once at the next start. A database of its own (it counts newsletters).
 */
const database = await createPrivateDatabase("cron");
vi.stubEnv("NEWSLETTER_CRON_MODE", "draft");
const { db } = await import("~/platform/db/db.ts");
const { defineJob } = await import("~/platform/jobs/define-job.ts");
const { getEngine } = await import("~/platform/jobs/engines/embedded/engine.ts");
const { keptCronFires } = await import("~/platform/jobs/engines/embedded/pg-boss-cron-check.ts");
const { catchUpMissedFires, nextFire, previousFire } = await import("~/platform/jobs/engines/embedded/schedules.ts");
const { weeklyNewsletterJob, WEEKLY_NEWSLETTER } = await import("~/features/newsletter/jobs.ts");
const { toInngestFunction } = await import("~/platform/jobs/engines/inngest/functions.ts");
const { registerAppJobs } = await import("~/server/job-list.ts");
const { loadSeed } = await import("../../seed/load.ts");
const { runJob, settleJobs } = await import("../support/jobs.ts");

// As the server's start does: the engine schedules the app's jobs it is given.
registerAppJobs();

/** A Friday after the Top 5's 08:00 (Madrid) slot, whatever the machine's date. */
const startedAt = new Date("2026-12-11T10:00:00Z");
const fridaySlot = previousFire(weeklyNewsletterJob.cron!, startedAt);
/**
 * The newsletters made for that slot (a slot's Top 5 covers the 7 days before it). Counted by slot, not in
 * all: the engine's own Friday 08:00 fire may add one for the real week when a run crosses it.
 */
const newslettersOfSlot = () =>
  db.newsletter.count({ where: { week_start: new Date(fridaySlot.getTime() - 7 * 24 * 3_600_000) } });

describe("schedules", () => {
  it("the Friday Top 5 is on by default: Friday 08:00 Europe/Madrid, scheduled on the engine", async () => {
    await expectAppOn(db, database.name);
    expect(weeklyNewsletterJob.cron).toBe("TZ=Europe/Madrid 0 8 * * 5");
    const engine = await getEngine();
    const schedules = await engine.boss.getSchedules();
    expect(schedules.find((s) => s.name === WEEKLY_NEWSLETTER)).toMatchObject({ cron: "0 8 * * 5" });
    // 08:00 in Madrid is 07:00 UTC in winter and 06:00 UTC in summer.
    expect(nextFire(weeklyNewsletterJob.cron!, new Date("2026-11-23T10:00:00Z")).toISOString()).toBe(
      "2026-11-27T07:00:00.000Z",
    );
    expect(nextFire(weeklyNewsletterJob.cron!, new Date("2026-06-01T10:00:00Z")).toISOString()).toBe(
      "2026-06-05T06:00:00.000Z",
    );
  });

  it('a job declared with cron: "* * * * *" fires on the embedded engine', async () => {
    const fired: string[] = [];
    const job = defineJob({
      name: "test/every-minute",
      schema: z.object({}),
      retries: 0,
      cron: "* * * * *",
      handler: async (_p, { runId }) => {
        fired.push(runId);
      },
    });
    const engine = await getEngine();
    await engine.ensure(job);
    const deadline = Date.now() + 75_000;
    while (fired.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(fired.length).toBe(1);
    // Fired by pg-boss's cron check with the schedule's fires kept (pg-boss-cron-check.ts), not parsed each check.
    expect(keptCronFires()?.has("UTC * * * * *")).toBe(true);
    await engine.boss.unschedule(job.name);
  }, 90_000);

  it("one newsletter per weekly slot, however many runs fire for it", async () => {
    await loadSeed(db);
    const slot = fridaySlot.toISOString();
    const [a, b] = await Promise.all([runJob(weeklyNewsletterJob, { slot }), runJob(weeklyNewsletterJob, { slot })]);
    const outcomes = [a, b] as { newsletterId?: string; skipped?: string }[];
    expect(outcomes.filter((o) => o.newsletterId)).toHaveLength(1);
    expect(outcomes.filter((o) => o.skipped)).toHaveLength(1);
    expect(await newslettersOfSlot()).toBe(1);
    // NEWSLETTER_CRON_MODE=draft: generated for an editor to send.
    const made = outcomes.find((o) => o.newsletterId)!.newsletterId!;
    expect((await db.newsletter.findUniqueOrThrow({ where: { id: made } })).status).toBe("draft");
  });

  it("a fire missed while the site was down is caught up once at the next start", async () => {
    const engine = await getEngine();
    // The start's time is passed in: on the real clock a run across Friday 08:00 Madrid would see two slots.
    const slot = fridaySlot;
    await db.jobScheduleFire.deleteMany({});
    await db.newsletter.deleteMany({});
    // The schedule existed before the slot (the site ran last week), and nobody handled the slot.
    await db.$executeRawUnsafe(
      `UPDATE ${engine.schema}.schedule SET created_on = $1::timestamptz - interval '8 days' WHERE name = $2`,
      slot.toISOString(),
      WEEKLY_NEWSLETTER,
    );
    await catchUpMissedFires(engine, startedAt);
    await catchUpMissedFires(engine, startedAt); // a second instance starting at the same time
    await settleJobs();
    expect(await newslettersOfSlot()).toBe(1);
    expect(await db.jobScheduleFire.count({ where: { name: WEEKLY_NEWSLETTER, slot } })).toBe(1);
    await catchUpMissedFires(engine, new Date(startedAt.getTime() + 60_000)); // a later restart: the slot is handled
    await settleJobs();
    expect(await newslettersOfSlot()).toBe(1);
  });

  it("under Inngest the same job is cron-triggered, and a slot handled on the engine is not handled again", async () => {
    const fn = toInngestFunction(weeklyNewsletterJob);
    expect(fn.opts.triggers).toContainEqual({ cron: "TZ=Europe/Madrid 0 8 * * 5" });
    const t = new InngestTestEngine({
      function: fn,
      events: [{ name: "inngest/scheduled.timer", data: { cron: weeklyNewsletterJob.cron } }],
    });
    // The cron fires in the same week as the catch-up above: its slot is computed from this clock.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(startedAt.getTime() + 120_000) });
    const { result } = await t.execute().finally(() => vi.useRealTimers());
    expect(result).toMatchObject({ skipped: "already handled by another run" });
    expect(await newslettersOfSlot()).toBe(1);
  });

  it("NEWSLETTER_CRON_ENABLED=false switches the schedule off (nothing scheduled, nothing caught up)", async () => {
    vi.resetModules();
    vi.stubEnv("NEWSLETTER_CRON_ENABLED", "false");
    const fresh = await import("~/features/newsletter/jobs.ts");
    expect(fresh.weeklyNewsletterJob.cron).toBeUndefined();
    vi.unstubAllEnvs();
  });

  it("LINK_CHECK_CRON_ENABLED=false switches the daily link check's schedule off; it is on by default", async () => {
    // The schedule is read when the job is defined; the store is not reached.
    const store = {} as ReportStore;
    vi.resetModules();
    const on = await import("~/features/grounding/jobs.ts");
    expect(on.defineLinkCheckJob(store).cron).toBe("TZ=Europe/Madrid 0 4 * * *");
    vi.resetModules();
    vi.stubEnv("LINK_CHECK_CRON_ENABLED", "false");
    const off = await import("~/features/grounding/jobs.ts");
    expect(off.defineLinkCheckJob(store).cron).toBeUndefined();
    vi.unstubAllEnvs();
  });
});
