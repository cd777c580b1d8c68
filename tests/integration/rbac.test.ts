import fs from "node:fs";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/platform/auth/password.ts";
import { createSession } from "~/platform/auth/sessions.ts";
import { db } from "~/platform/db/db.ts";
import type { RouteAccess } from "~/platform/http/route.ts";
import type { AppMeta } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";
import { buildUser } from "../support/builders.ts";
import { adminSession, callerAs, userSession } from "../support/sessions.ts";

type AnyProcedure = { _def: { meta?: AppMeta; type: string } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const adminPaths = procedures.filter(([p]) => p.startsWith("admin.")).map(([p]) => p);

/** Calls a procedure by its dotted path through a caller (input deliberately missing). */
async function call(session: Parameters<typeof callerAs>[0], path: string): Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], callerAs(session));
  return (fn as (input?: unknown) => Promise<unknown>)(undefined);
}

async function errorCode(session: Parameters<typeof callerAs>[0], path: string) {
  try {
    await call(session, path);
    return "OK";
  } catch (err) {
    return err instanceof TRPCError ? err.code : String(err);
  }
}

describe("role-based access, enumerated from the router", () => {
  it("finds the admin procedures", () => {
    expect(adminPaths.length).toBeGreaterThan(0);
  });

  it("declares every procedure under admin.* as admin, and no admin procedure elsewhere", () => {
    for (const [path, proc] of procedures) {
      expect(proc._def.meta?.access === "admin", path).toBe(path.startsWith("admin."));
    }
  });

  it.each(adminPaths)("%s: 401 anonymous, 403 for a non-admin", async (path) => {
    expect(await errorCode(null, path)).toBe("UNAUTHORIZED");
    expect(await errorCode(userSession, path)).toBe("FORBIDDEN");
  });

  // Queries only: a mutation without input could act (e.g. generate a newsletter) in the shared database.
  it.each(adminPaths.filter((p) => procedures.find(([path]) => path === p)?.[1]._def.type === "query"))(
    "%s: passes the gate for an admin",
    async (path) => {
      expect(["UNAUTHORIZED", "FORBIDDEN"]).not.toContain(await errorCode(adminSession, path));
    },
  );
});

// Hand-written route handlers under src/app/api: each one declares its access through route()
// (src/platform/http/route.ts), except these adapters, whose access is enforced where they lead.
const ADAPTERS: Record<string, string> = {
  "trpc/[trpc]": "tRPC: every procedure is walked above",
  "[...rest]": "the REST adapter over the same procedures",
  "auth/login": "the REST adapter (auth.login)",
  "auth/register": "the REST adapter (auth.register)",
  "auth/[...nextauth]": "next-auth over the session store (tests/integration/sessions.test.ts)",
  inngest: "Inngest's SDK, which verifies the signing key itself",
};
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiDir = path.resolve("src/app/api");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, dir)] : [];
  });
}

type Handler = ((req: Request, ctx?: { params: Promise<Record<string, unknown>> }) => Promise<Response>) & {
  access?: RouteAccess;
};
const handlers: { route: string; method: string; handler: Handler }[] = [];
for (const route of routeFiles(apiDir)
  .filter((r) => !(r in ADAPTERS))
  .sort()) {
  const mod = (await import(path.join(apiDir, route, "route.ts"))) as Record<string, unknown>;
  for (const method of METHODS)
    if (typeof mod[method] === "function") handlers.push({ route, method, handler: mod[method] as Handler });
}

// Parameters that pass each route's own validation, so only the access check decides.
const SAMPLE_PARAMS: Record<string, Record<string, unknown>> = {
  "admin/newsletters/[id]/preview": { id: "no-such-newsletter" },
};

async function cookieFor(role: "user" | "admin") {
  const name = `rbac_${role}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await buildUser(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: await hashPassword("x-123456"),
    role,
  });
  return `next-auth.session-token=${await createSession(db, user.id)}`;
}

async function callRoute(entry: (typeof handlers)[number], cookie?: string) {
  const req = new Request(`http://localhost/api/${entry.route}`, {
    method: entry.method,
    headers: cookie ? { cookie } : {},
  });
  const res = await entry.handler(req, { params: Promise.resolve(SAMPLE_PARAMS[entry.route] ?? {}) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? (JSON.parse(text) as { code?: string }) : null };
}

describe("role-based access, enumerated from the route handlers", () => {
  it("finds the hand-written handlers, and every one declares its access", () => {
    const routes = new Set(handlers.map((h) => h.route));
    for (const known of [
      "admin/newsletters/[id]/preview",
      "admin/newsletter/subscriptions/export",
      "newsletter/webhooks/resend",
      "newsletter/one-click",
    ])
      expect(routes, known).toContain(known);
    for (const h of handlers)
      expect(["public", "admin", "signed", "token"], `${h.method} ${h.route}`).toContain(h.handler.access);
  });

  it("puts every handler under /api/admin behind the admin role, and no admin handler elsewhere", () => {
    for (const h of handlers)
      expect(h.handler.access === "admin", `${h.method} ${h.route}`).toBe(h.route.startsWith("admin/"));
  });

  const admins = handlers.filter((h) => h.handler.access === "admin");
  it.each(admins.map((h) => [`${h.method} /api/${h.route}`, h] as const))(
    "%s: 401 anonymous, 403 for a non-admin, past the gate for an admin",
    async (_, h) => {
      expect(await callRoute(h)).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
      expect(await callRoute(h, await cookieFor("user"))).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      expect([401, 403]).not.toContain((await callRoute(h, await cookieFor("admin"))).status);
    },
  );

  const guarded = handlers.filter(
    (h) => h.handler.access === "signed" || (h.handler.access === "token" && h.method === "POST"),
  );
  it.each(guarded.map((h) => [`${h.method} /api/${h.route} (${h.handler.access})`, h] as const))(
    "%s: refused without its signature or token, even for an admin",
    async (_, h) => {
      const res = await callRoute(h, await cookieFor("admin"));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body?.code).toEqual(expect.any(String));
    },
  );
});
