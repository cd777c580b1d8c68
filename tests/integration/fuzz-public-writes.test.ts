import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { handleRest } from "~/server/rest/handler.ts";
import { expectNoInternals, fuzzBody } from "../support/fuzz.ts";

/**
 * Malformed input to the public write endpoints (issue 8 "bad input"): wrong types, oversized fields,
 * unicode edge cases, injection strings. Whatever arrives: never a 5xx, and a rejected request writes nothing.
 */
const ENDPOINTS = [
  "/api/newsletter/subscribe",
  "/api/newsletter/unsubscribe",
  "/api/contact",
  "/api/auth/login",
  "/api/auth/register",
];

const body = fuzzBody([
  "email",
  "token",
  "name",
  "message",
  "privacy",
  "reason",
  "password",
  "username",
  "organization",
  "locale",
  "source",
]);

/**
 * Rows that carry this payload's values. Other test files write to the same tables in parallel, so the check
 * looks for rows this request could have written rather than at table totals.
 */
async function rowsFor(client: pg.Client, payload: unknown): Promise<number> {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return 0;
  const p = payload as Record<string, unknown>;
  const text = (k: string) => (typeof p[k] === "string" ? (p[k] as string).replaceAll("\u0000", "") : null);
  const q = async (sql: string, v: string | null) =>
    v === null ? 0 : Number((await client.query(sql, [v])).rows[0].n);
  return (
    (await q(`SELECT count(*) AS n FROM newsletter_subscriptions WHERE email::text = lower($1)`, text("email"))) +
    (await q(
      `SELECT count(*) AS n FROM users WHERE email::text = lower($1) OR username::text = lower($1)`,
      text("email"),
    )) +
    (await q(`SELECT count(*) AS n FROM users WHERE username::text = lower($1)`, text("username"))) +
    (await q(`SELECT count(*) AS n FROM contact_messages WHERE message = $1`, text("message")))
  );
}

describe("fuzzing the public write endpoints", () => {
  it("answers every malformed body without a 5xx, and rejected requests write nothing", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    let ip = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (path, payload) => {
          const before = await rowsFor(client, payload);
          const res = await handleRest(
            new Request(`http://localhost${path}`, {
              method: "POST",
              // A fresh client address each time, so the rate limiter does not hide the validators.
              headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${ip++ % 250}` },
              body: JSON.stringify(payload),
            }),
          );
          expect(res.status, `${path} ${JSON.stringify(payload)?.slice(0, 200)}`).toBeLessThan(500);
          expectNoInternals(await res.text(), path);
          if (res.status >= 400) expect(await rowsFor(client, payload)).toBe(before);
        }),
        { numRuns: 250 },
      );
    } finally {
      await client.end();
    }
  }, 120_000);
});
