import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as logoutRoute } from "~/app/api/auth/logout/route.ts";
import { POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import { getSessionFromHeaders } from "~/platform/auth/get-session.ts";
import { hashPassword } from "~/platform/auth/password.ts";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "~/platform/auth/sessions.ts";
import { db } from "~/platform/db/db.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildUser } from "../support/builders.ts";
import { nextAuthRequest } from "../support/next-auth.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const uid = () => randomBytes(4).toString("hex");
const ip = () => `10.40.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const asCookie = (token: string) => `next-auth.session-token=${token}`;

async function newUser(role: "user" | "admin" = "user") {
  const id = uid();
  const password = `clave-${id}`;
  const user = await buildUser(db, {
    username: `sesion_${id}`,
    email: `sesion.${id}@example.com`,
    passwordHash: await hashPassword(password),
    role,
  });
  return { user, password };
}

async function rest(path: string, body: unknown, cookie?: string) {
  const res = await handleRest(
    new Request(`http://localhost/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const token = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.session-token=") && !c.includes("Max-Age=0"))
    ?.split(";")[0]
    ?.split("=")[1];
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, token };
}

/** tRPC auth.changePassword as the form sends it: one unbatched call to the tRPC route. */
async function changePassword(input: { currentPassword: string; newPassword: string }, token?: string) {
  const res = await trpcPost(
    new NextRequest("http://localhost/api/trpc/auth.changePassword", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip(),
        ...(token ? { cookie: asCookie(token) } : {}),
      },
      body: JSON.stringify({ json: input }),
    }),
  );
  const body = (await res.json()) as { error?: { json: { data: { field?: string } } } };
  const newToken = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.session-token="))
    ?.split(";")[0]
    ?.split("=")[1];
  return { status: res.status, field: body.error?.json.data.field, token: newToken };
}

async function signedIn(email: string, password: string): Promise<string> {
  const res = await rest("/auth/login", { email, password });
  expect(res.status).toBe(200);
  return res.token!;
}

/** next-auth's GET /api/auth/session for a browser holding `token`. */
async function nextAuthSession(token: string) {
  const res = await nextAuthRequest("GET", ["session"], { cookies: { "next-auth.session-token": token } });
  const cookies = res.setCookies
    .filter((c) => c.startsWith("next-auth.session-token="))
    .map((c) => ({ value: c.split(";")[0]!.slice("next-auth.session-token=".length) }));
  return { body: res.body as { user?: { role?: string; username?: string }; expires?: string }, cookies };
}

const alive = async (token: string) => (await getSessionFromHeaders(new Headers({ cookie: asCookie(token) })))?.user;

describe("sessions: one store in PostgreSQL, revocable", () => {
  it("keeps nothing about the user in the cookie: a random token whose row carries the user", async () => {
    const { user, password } = await newUser();
    const token = await signedIn(user.email, password);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await alive(token))?.id).toBe(user.id);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await alive(forged)).toBeUndefined();
    expect(await alive("not-a-session")).toBeUndefined();
  });

  it("logout ends that session for the API and for next-auth, and other sessions live on", async () => {
    const { user, password } = await newUser();
    const first = await signedIn(user.email, password);
    const second = await signedIn(user.email, password);
    const res = await logoutRoute(
      new Request("http://localhost/api/auth/logout", { method: "POST", headers: { cookie: asCookie(first) } }),
    );
    expect(res.status).toBe(200);
    // A copy of the cookie kept after logout is worthless.
    expect(await alive(first)).toBeUndefined();
    const dead = await nextAuthSession(first);
    expect(dead.body.user).toBeUndefined();
    expect(dead.cookies.every((c) => c.value === "")).toBe(true);
    expect((await alive(second))?.id).toBe(user.id);
    // The tRPC/REST logout does the same.
    expect((await rest("/auth/logout", {}, asCookie(second))).status).toBe(200);
    expect(await alive(second)).toBeUndefined();
  });

  it("next-auth's own sign-out ends the session in the database", async () => {
    const { user, password } = await newUser();
    const token = await signedIn(user.email, password);
    const csrf = await nextAuthRequest("GET", ["csrf"]);
    const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
    const csrfCookie = csrf.setCookies.find((c) => c.startsWith("next-auth.csrf-token="))!.split(";")[0]!;
    await nextAuthRequest("POST", ["signout"], {
      body: { csrfToken, json: "true" },
      cookies: {
        "next-auth.session-token": token,
        "next-auth.csrf-token": decodeURIComponent(csrfCookie.slice("next-auth.csrf-token=".length)),
      },
    });
    expect(await alive(token)).toBeUndefined();
  });

  it("next-auth's session endpoint reports the role from the database and never mints a new token", async () => {
    const { user, password } = await newUser();
    const token = await signedIn(user.email, password);
    const before = await nextAuthSession(token);
    expect(before.body.user).toMatchObject({ username: user.username, role: "user" });
    // The cookie it sends back is the same session, not a fresh one.
    expect(before.cookies.map((c) => c.value)).toEqual([token]);
    await db.user.update({ where: { id: user.id }, data: { role: "admin" } });
    expect((await nextAuthSession(token)).body.user?.role).toBe("admin");
    expect(await db.session.count({ where: { user_id: user.id } })).toBe(1);
  });

  it("ends a session after the idle timeout, and after the absolute timeout however busy", async () => {
    const { user, password } = await newUser();
    const idle = await signedIn(user.email, password);
    const busy = await signedIn(user.email, password);
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    await db.session.updateMany({
      where: { user_id: user.id },
      data: { last_seen_at: ago(SESSION_IDLE_SECONDS + 60) },
    });
    expect(await alive(idle)).toBeUndefined();
    expect((await nextAuthSession(busy)).body.user).toBeUndefined();
    const third = await signedIn(user.email, password);
    expect((await alive(third))?.id).toBe(user.id);
    await db.session.updateMany({
      where: { user_id: user.id },
      data: { created_at: ago(SESSION_ABSOLUTE_SECONDS + 60), last_seen_at: new Date() },
    });
    expect(await alive(third)).toBeUndefined();
    expect(await db.session.count({ where: { user_id: user.id } })).toBe(0);
  });

  it("a demotion ends every session of the demoted admin", async () => {
    const { user, password } = await newUser("admin");
    const a = await signedIn(user.email, password);
    const b = await signedIn(user.email, password);
    await callerAs(adminSession).admin.users.demote({ userId: user.id });
    expect(await alive(a)).toBeUndefined();
    expect(await alive(b)).toBeUndefined();
  });

  it("a password change ends every session and keeps the changing browser signed in", async () => {
    const { user, password } = await newUser();
    const here = await signedIn(user.email, password);
    const elsewhere = await signedIn(user.email, password);
    const wrong = await changePassword({ currentPassword: "not-it", newPassword: "nueva-clave-1" }, here);
    expect(wrong.status).toBe(400);
    expect(wrong.field).toBe("currentPassword");
    expect((await changePassword({ currentPassword: password, newPassword: "nueva-clave-1" })).status).toBe(401);

    const changed = await changePassword({ currentPassword: password, newPassword: "nueva-clave-1" }, here);
    expect(changed.status).toBe(200);
    expect(await alive(here)).toBeUndefined();
    expect(await alive(elsewhere)).toBeUndefined();
    expect((await alive(changed.token!))?.id).toBe(user.id);
    expect((await rest("/auth/login", { email: user.email, password })).status).toBe(401);
    expect((await rest("/auth/login", { email: user.email, password: "nueva-clave-1" })).status).toBe(200);
  });

  it("npm run admin:create resets an existing account's password and ends its sessions", async () => {
    const { user, password } = await newUser();
    const token = await signedIn(user.email, password);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", user.email, "--password", "restablecida-1"],
      {
        env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), "riesgos-admin-create-test") },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(await alive(token)).toBeUndefined();
    expect((await rest("/auth/login", { email: user.email, password: "restablecida-1" })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("admin");
  });
});
