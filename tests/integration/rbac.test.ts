import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { appRouter } from "~/server/api/root.ts";
import type { AppMeta } from "~/server/api/trpc.ts";
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
