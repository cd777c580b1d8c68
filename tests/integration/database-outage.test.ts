import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedPgHandle, startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { freePort } from "../setup/postgres.ts";

/**
 * Database fault (issue 8): PostgreSQL stops while writes are arriving, then comes back. Requests that meet
 * the outage get a 503 with a clear message and Retry-After (never a 500), the server recovers by itself
 * within 10 s of PostgreSQL's return, and every subscription and contact message acknowledged with a 2xx is
 * in the database. This file runs the app on a PostgreSQL of its own, so stopping it disturbs no other test.
 */
const dataDir = tempDataDir("riesgos-outage-pg-");
const port = await freePort();
const startPg = () => startEmbeddedPostgres({ dataDir, port, persistent: true });
let server: EmbeddedPgHandle = await startPg();
await server.createDatabase("outage");
const url = server.urlFor("outage");
await migrate(url);

// The app reads DATABASE_URL when its modules load; generous limits so the load below is not rate limited.
process.env.DATABASE_URL = url;
process.env.RATE_LIMIT_NEWSLETTER = "100000/60";
process.env.RATE_LIMIT_CONTACT = "100000/60";
const { handleRest } = await import("~/server/rest/handler.ts");
const { settleJobs: settleInProcessJobs } = await import("../support/jobs.ts");
// The job engine runs from the server's start (src/instrumentation.ts), before any request.
await (await import("~/platform/jobs/engines/embedded/engine.ts")).getEngine();

afterAll(async () => {
  await settleInProcessJobs().catch(() => {});
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  kind: "subscribe" | "contact";
  email: string;
  status: number;
  body: { error?: string; code?: string };
  retryAfter: string | null;
  startedAt: number;
  at: number;
}

let seq = 0;
async function write(kind: Outcome["kind"]): Promise<Outcome> {
  const startedAt = Date.now();
  const email = `outage.${startedAt.toString(36)}.${seq++}@example.com`;
  const body =
    kind === "subscribe"
      ? { email, locale: "es", source: "home" }
      : { name: "Lectora", email, message: "Mensaje durante la caída.", privacy: true };
  const res = await handleRest(
    new Request(`http://localhost/api/${kind === "subscribe" ? "newsletter/subscribe" : "contact"}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
      body: JSON.stringify(body),
    }),
  );
  return {
    kind,
    email,
    status: res.status,
    body: await res.json(),
    retryAfter: res.headers.get("retry-after"),
    startedAt,
    at: Date.now(),
  };
}

/** Rows present for the acknowledged writes (own connection, after the restart). */
async function missingAcknowledged(outcomes: Outcome[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ok = outcomes.filter((o) => o.status === 200);
    const subs = await client.query<{ email: string }>("SELECT email FROM newsletter_subscriptions");
    const msgs = await client.query<{ email: string }>("SELECT email FROM contact_messages");
    const present = new Set([...subs.rows, ...msgs.rows].map((r) => r.email.toLowerCase()));
    return ok.filter((o) => !present.has(o.email.toLowerCase()));
  } finally {
    await client.end();
  }
}

describe("PostgreSQL restart under write load", () => {
  it("503 with a clear message during the outage, recovery within 10 s, no acknowledged write lost", async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const worker = async (kind: Outcome["kind"]) => {
      while (running) {
        outcomes.push(await write(kind));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const workers = [worker("subscribe"), worker("contact"), worker("subscribe"), worker("contact")];

    // Writes are succeeding before PostgreSQL stops (the first ones load the routes: slow on a loaded machine).
    for (let i = 0; i < 300 && !outcomes.some((o) => o.status === 200); i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    const stoppingAt = Date.now();
    await server.stop(); // fast shutdown: in-flight transactions are cut off
    const downAt = Date.now();
    await new Promise((r) => setTimeout(r, 2000));
    server = await startPg();
    const backAt = Date.now();
    await new Promise((r) => setTimeout(r, 10_000));
    running = false;
    await Promise.all(workers);

    // Started once PostgreSQL was down and answered before it was back: those cannot have succeeded.
    const during = outcomes.filter((o) => o.startedAt > downAt && o.at < backAt);
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected.map((o) => `${o.kind} ${o.status} ${o.body.error}`)).toEqual([]);

    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((o) => o.status !== 503)).toEqual([]);
    for (const o of unavailable) {
      expect(o.body.code).toBe("SERVICE_UNAVAILABLE");
      expect(o.body.error).toMatch(/database is unavailable for a moment: try again in a few seconds/i);
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }

    // Recovers by itself: after PostgreSQL is back, writes succeed again within 10 s, and keep succeeding.
    const firstOkAfter = outcomes.find((o) => o.at > backAt && o.status === 200);
    expect(firstOkAfter, "a write succeeded after the restart").toBeDefined();
    expect(firstOkAfter!.at - backAt).toBeLessThanOrEqual(10_000);
    const lastSecond = outcomes.filter((o) => o.at > Date.now() - 3000);
    expect(lastSecond.length).toBeGreaterThan(0);
    expect(lastSecond.every((o) => o.status === 200)).toBe(true);

    expect(outcomes.filter((o) => o.status === 200 && o.at < stoppingAt).length).toBeGreaterThan(0);
    expect(await missingAcknowledged(outcomes)).toEqual([]);
  }, 120_000);
});
