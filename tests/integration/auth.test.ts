import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { POST as logoutRoute } from "~/app/api/auth/logout/route.ts";
import { setUserRole } from "~/features/users/set-role.ts";
import { getSessionFromHeaders } from "~/platform/auth/get-session.ts";
import { hashPassword } from "~/platform/auth/password.ts";
import { createPrismaClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { AppError } from "~/platform/errors.ts";
import { createTRPCContext } from "~/platform/trpc/trpc.ts";
import { createCaller } from "~/server/api/root.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildUser } from "../support/builders.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

/** Every response body this file receives, scanned at the end for password hashes. */
const bodies: string[] = [];
const uid = () => randomBytes(4).toString("hex");
// Each test its own client IP, so the registration limit of one test never affects another.
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await handleRest(
    new Request(`http://localhost/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await res.text();
  bodies.push(text);
  return { res, status: res.status, body: text ? JSON.parse(text) : null, cookies: res.headers.getSetCookie() };
}

async function logout(headers: Record<string, string>) {
  const res = await logoutRoute(new Request("http://localhost/api/auth/logout", { method: "POST", headers }));
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, body: JSON.parse(text), cookies: res.headers.getSetCookie() };
}

/** `name=value` of the session cookie a response set. */
function sessionCookie(cookies: string[]): string {
  const found = cookies.find((c) => c.startsWith("next-auth.session-token=") && !c.includes("Max-Age=0"));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return found.split(";")[0]!;
}

function newAccount() {
  const id = uid();
  return { username: `lector_${id}`, email: `lector.${id}@example.com`, password: `clave-${id}` };
}

describe("accounts over the spec's REST calls", () => {
  it("register → session → logout → login → session", async () => {
    const account = newAccount();
    const reg = await post("/auth/register", account);
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({
      user: { id: expect.any(String), username: account.username, email: account.email, role: "user" },
    });
    const setCookie = reg.cookies.find((c) => c.startsWith("next-auth.session-token="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // NEXTAUTH_URL is not https in tests

    // The cookie is a session for our API…
    const cookie = sessionCookie(reg.cookies);
    const session = await getSessionFromHeaders(new Headers({ cookie }));
    expect(session?.user).toEqual(reg.body.user);
    const ctx = await createTRPCContext({ headers: new Headers({ cookie }) });
    expect(await createCaller(ctx).auth.me()).toEqual({ user: reg.body.user });

    const out = await logout({ cookie });
    expect(out.status).toBe(200);
    expect(out.cookies.some((c) => c.startsWith("next-auth.session-token=;") && c.includes("Max-Age=0"))).toBe(true);

    const login = await post("/auth/login", { email: account.email.toUpperCase(), password: account.password });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual(reg.body.user);
    const again = await getSessionFromHeaders(new Headers({ cookie: sessionCookie(login.cookies) }));
    expect(again?.user.id).toBe(reg.body.user.id);
  });

  it("logout always succeeds, even signed out and without a body", async () => {
    const out = await logout({});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    // The tRPC procedure the site's own client calls does the same.
    const resHeaders = new Headers();
    const caller = createCaller(await createTRPCContext({ headers: new Headers(), resHeaders }));
    expect(await caller.auth.logout()).toEqual({ success: true });
    expect(resHeaders.getSetCookie().some((c) => c.includes("Max-Age=0"))).toBe(true);
  });

  it("refuses a duplicate e-mail or username, in any case, with 409 and keeps one row", async () => {
    const account = newAccount();
    expect((await post("/auth/register", account)).status).toBe(200);

    const sameEmail = await post("/auth/register", {
      ...newAccount(),
      email: account.email.toUpperCase(),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ code: "CONFLICT", field: "email" });

    const sameName = await post("/auth/register", { ...newAccount(), username: account.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ code: "CONFLICT", field: "username" });

    expect(await db.user.count({ where: { email: account.email } })).toBe(1);
    expect(await db.user.count({ where: { username: account.username } })).toBe(1);
  });

  it.each([
    ["username", { username: "ab" }],
    ["username", { username: "con espacio" }],
    ["email", { email: "no-es-un-email" }],
    ["password", { password: "12345" }],
    ["username", { username: undefined }],
  ])("answers 400 naming %s for invalid input and writes nothing", async (field, override) => {
    const account = { ...newAccount(), ...override };
    const res = await post("/auth/register", account);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await db.user.count({ where: { email: account.email ?? "" } })).toBe(0);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const account = newAccount();
    await post("/auth/register", account);
    const wrong = await post("/auth/login", { email: account.email, password: "not-the-password" });
    const unknown = await post("/auth/login", { email: `nadie.${uid()}@example.com`, password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.cookies).toEqual([]);
  });

  it("signs in with the admin role when the account is an admin", async () => {
    const account = newAccount();
    await buildUser(db, {
      username: account.username,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: "admin",
    });
    const login = await post("/auth/login", { email: account.email, password: account.password });
    expect(login.body.user.role).toBe("admin");
    const ctx = await createTRPCContext({ headers: new Headers({ cookie: sessionCookie(login.cookies) }) });
    const users = await createCaller(ctx).admin.users.list();
    bodies.push(JSON.stringify(users));
    expect(users.some((u) => u.email === account.email)).toBe(true);
  });

  it("takes admin rights away at once when an admin is demoted (role re-read, sessions ended)", async () => {
    const reg = await post("/auth/register", newAccount());
    const cookie = sessionCookie(reg.cookies);
    const userId: string = reg.body.user.id;
    const adminApi = async () => createCaller(await createTRPCContext({ headers: new Headers({ cookie }) })).admin;

    await expect((await adminApi()).users.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await callerAs(adminSession).admin.users.promote({ userId });
    const users = await (await adminApi()).users.list(); // same cookie, now an admin
    bodies.push(JSON.stringify(users));
    expect(users.find((u) => u.id === userId)?.role).toBe("admin");
    await callerAs(adminSession).admin.users.demote({ userId });
    // The demotion ended the session itself: the cookie no longer signs anyone in.
    await expect((await adminApi()).users.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("never returns the password hash", async () => {
    const hashes = (await db.user.findMany({ select: { passwordHash: true } })).map((u) => u.passwordHash);
    const all = bodies.join("\n");
    expect(bodies.length).toBeGreaterThan(10);
    expect(all).not.toMatch(/\$2[aby]\$\d\d\$/);
    expect(all).not.toMatch(/password_?hash/i);
    // Other test files share this database and may create users with placeholder hashes ("x"): only real
    // bcrypt hashes are meaningful to look for.
    for (const hash of hashes.filter((h) => h.startsWith("$2"))) expect(all).not.toContain(hash);
  });
});

describe("promote / demote", () => {
  let isolated: ReturnType<typeof createPrismaClient> | undefined;
  afterAll(async () => {
    await isolated?.$disconnect();
  });

  it("never demotes the last admin", async () => {
    // Its own database: the shared one may hold admins created by other test files.
    const url = await freshDatabase(inject("adminDatabaseUrl"), "roles", inject("migratedTemplate"));
    isolated = createPrismaClient(url);
    const [a, b] = await Promise.all(
      ["ana", "bea"].map((name) =>
        isolated!.user.create({
          data: { username: name, email: `${name}@example.com`, passwordHash: "x", role: "admin" },
        }),
      ),
    );
    // Two concurrent demotions: exactly one may win.
    const results = await Promise.allSettled([
      setUserRole(isolated, { userId: a!.id, role: "user" }),
      setUserRole(isolated, { userId: b!.id, role: "user" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(refused.reason.code).toBe("CONFLICT");
    expect(await isolated.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("answers 404 for an unknown user and 400 for a missing id", async () => {
    await expect(callerAs(adminSession).admin.users.promote({ userId: "no-such-user" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      callerAs(adminSession).admin.users.promote({ userId: "" } as { userId: string }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
