import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import { hashPassword } from "~/platform/auth/password.ts";
import { db } from "~/platform/db/db.ts";
import { AppError } from "~/platform/errors.ts";
import { clientIp, enforceRateLimit, ratePolicy } from "~/platform/security/rate-limit.ts";
import { TRPC_MAX_BATCH_SIZE } from "~/platform/trpc/limits.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildUser } from "../support/builders.ts";

// Windows of a minute (read when each limiter is first used): long enough that a loaded machine cannot outlast
// one mid-test; the tests end a window by expiring its stored counters (`endWindow`) instead of waiting.
process.env.RATE_LIMIT_LOGIN_IP = "10/60";
process.env.RATE_LIMIT_LOGIN_ACCOUNT = "8/60";
process.env.RATE_LIMIT_LOGIN_ACCOUNT_IP = "5/60";
process.env.RATE_LIMIT_LOGIN_DEVICE = "5/60";
process.env.RATE_LIMIT_CONTACT = "2/60";
process.env.RATE_LIMIT_REGISTER = "3/60";

const uid = () => randomBytes(4).toString("hex");

async function login(email: string, password: string, ip: string, cookie?: string) {
  const res = await handleRest(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password }),
    }),
  );
  const device = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("riesgos.device="))
    ?.split(";")[0];
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json(), device };
}

/** The window of a limit ends, as the clock would end it: its counters in PostgreSQL expire now. */
async function endWindow(name: "login-ip" | "login-account") {
  await db.rateLimit.updateMany({
    where: { key: { startsWith: `${name}:` } },
    data: { expire: BigInt(Date.now() - 1) },
  });
}

async function account() {
  const id = uid();
  const email = `limite.${id}@example.com`;
  const password = `clave-${id}`;
  await buildUser(db, { email, username: `limite_${id}`, passwordHash: await hashPassword(password) });
  return { email, password };
}

describe("rate limits (rate-limiter-flexible on PostgreSQL)", () => {
  it("answers 429 with Retry-After after rapid wrong logins from one IP, and lets the right password in after the window", async () => {
    const { email, password } = await account();
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    // Unknown e-mails, so only the per-IP limit is in play. Sent together: the window is short, and one at a
    // time on a loaded machine they could outlast it.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => login(`nadie.${uid()}@example.com`, "wrong-password", ip)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(10);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    for (const r of limited) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(60);
      expect(r.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    }
    // Still inside the window: even the right password is refused from that IP.
    expect((await login(email, password, ip)).status).toBe(429);
    await endWindow("login-ip");
    expect((await login(email, password, ip)).status).toBe(200);
  });

  it("limits an account per address: a guesser's wrong passwords do not lock its owner out elsewhere", async () => {
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) expect((await login(email, "wrong-password", "203.0.113.7")).status).toBe(401);
    // The guesser's address is spent for this account, even with the right password…
    expect((await login(email, "wrong-password", "203.0.113.7")).status).toBe(429);
    expect((await login(email, password, "203.0.113.7")).status).toBe(429);
    // …while the owner, from their own address, signs in at once.
    expect((await login(email, password, "203.0.113.8")).status).toBe(200);
  });

  it("slows a spread-out attack down for unknown devices, and lets the owner's known device through", async () => {
    const { email, password } = await account();
    const first = await login(email, password, "192.0.2.200");
    expect(first.status).toBe(200);
    expect(first.device).toBeTruthy();
    // Wrong passwords from many addresses until the account's short window is spent.
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(email, "wrong-password", `192.0.2.${i}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBe(ratePolicy("login-account").points);
    // A browser that never signed in here waits a few seconds (a slow-down, not a lock-out)…
    const stranger = await login(email, password, "192.0.2.201");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeLessThanOrEqual(60);
    // …the owner's known device does not.
    expect((await login(email, password, "192.0.2.202", first.device)).status).toBe(200);
    // A device cookie of another account, or a forged one, is just an unknown device.
    const other = await account();
    const otherDevice = (await login(other.email, other.password, "192.0.2.203")).device!;
    expect((await login(email, password, "192.0.2.204", otherDevice)).status).toBe(429);
    expect((await login(email, password, "192.0.2.205", `${first.device!.slice(0, -3)}abc`)).status).toBe(429);
    await endWindow("login-account");
    expect((await login(email, password, "192.0.2.206")).status).toBe(200);
  });

  it("throws a 429 AppError from enforceRateLimit once a window's allowance is spent, keeping counts in PostgreSQL", async () => {
    const key = `192.0.2.${Math.floor(Math.random() * 250)}-${uid()}`;
    await enforceRateLimit("contact", key);
    await enforceRateLimit("contact", key);
    const err = await enforceRateLimit("contact", key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_MANY_REQUESTS");
    expect((err as AppError).retryAfter).toBeGreaterThan(50);
    // Stored in the shared table (hashed key), so every app instance sees the same count.
    const rows = await db.rateLimit.findMany({ where: { key: { startsWith: "contact:" } } });
    expect(rows.some((r) => r.points === 3)).toBe(true);
    expect(rows.every((r) => !r.key.includes(key))).toBe(true);
  });

  it("reads the client address the server process wrote into X-Forwarded-For, and no other header", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.6" }))).toBe("unknown");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});

/** One tRPC request carrying `n` auth.login calls, as the batch link would send it. */
async function batchedLogins(n: number, email: string, ip: string) {
  const paths = Array.from({ length: n }, () => "auth.login").join(",");
  const body = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [String(i), { json: { email, password: `guess-${i}` } }]),
  );
  const res = await trpcPost(
    new NextRequest(`http://localhost/api/trpc/${paths}?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

/** 401 means the password was checked; 429 means it was refused before any check. */
const checked = (statuses: number[]) => statuses.filter((s) => s === 401).length;

describe("brute force by batching or bursts", () => {
  it("refuses a tRPC batch larger than the limit before running any call", async () => {
    const { email } = await account();
    const res = await batchedLogins(30, email, "198.18.0.1");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Batch call exceeds maximum size/);
  });

  it("checks at most the allowed number of passwords in one batch", async () => {
    const { email } = await account();
    const res = await batchedLogins(TRPC_MAX_BATCH_SIZE, email, `198.18.1.${Math.floor(Math.random() * 250)}`);
    const codes = (res.body as { error?: { json: { data: { httpStatus: number } } } }[]).map(
      (r) => r.error?.json.data.httpStatus ?? 200,
    );
    expect(codes).toHaveLength(TRPC_MAX_BATCH_SIZE);
    expect(checked(codes)).toBeLessThanOrEqual(ratePolicy("login-account").points);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it("checks at most the per-account allowance in a parallel burst from many addresses", async () => {
    const { email } = await account();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(email, `guess-${i}`, `198.18.2.${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(checked(statuses)).toBeLessThanOrEqual(ratePolicy("login-account").points);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - ratePolicy("login-account").points);
  });
});

describe("account enumeration through registration", () => {
  it("says an e-mail is taken only a few times per address, then answers 429 without looking", async () => {
    const { email } = await account();
    const ip = `198.18.9.${Math.floor(Math.random() * 250)}`;
    const register = async (n: number) => {
      const res = await handleRest(
        new Request("http://localhost/api/auth/register", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ username: `sondeo_${uid()}${n}`, email, password: "clave-123" }),
        }),
      );
      return { status: res.status, body: (await res.json()) as { field?: string } };
    };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await register(i));
    expect(answers.slice(0, 3).map((a) => [a.status, a.body.field])).toEqual(Array(3).fill([409, "email"]));
    for (const a of answers.slice(3)) {
      expect(a.status).toBe(429);
      expect(a.body.field).toBeUndefined();
    }
  });
});
