import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/platform/errors.ts";
import { createInnerContext, createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";

// A router built from the app's own procedure builders, so the real mapping and formatter are exercised.
const router = createTRPCRouter({
  conflict: publicProcedure.mutation(() => {
    throw new AppError("CONFLICT", "Ese e-mail ya está registrado", { field: "email" });
  }),
  limited: publicProcedure.mutation(() => {
    throw new AppError("TOO_MANY_REQUESTS", "Demasiados intentos", { retryAfter: 60 });
  }),
  crash: publicProcedure.query(() => {
    throw new Error("connection string postgresql://secret@db leaked?");
  }),
  validated: publicProcedure.input(z.object({ email: z.string().email() })).mutation(() => "ok"),
});

async function request(path: string, method: "GET" | "POST", body?: unknown) {
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://localhost/api/trpc/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(superjson.serialize(body)),
    }),
    router,
    createContext: () => createInnerContext({ session: null }),
    onError: () => {},
  });
  return {
    status: res.status,
    json: (await res.json()) as { error: { json: { message: string; data: Record<string, unknown> } } },
  };
}

describe("AppError → tRPC/HTTP mapping", () => {
  it("maps a conflict to 409 with the field", async () => {
    const { status, json } = await request("conflict", "POST", {});
    expect(status).toBe(409);
    expect(json.error.json.message).toBe("Ese e-mail ya está registrado");
    expect(json.error.json.data).toMatchObject({ code: "CONFLICT", appCode: "CONFLICT", field: "email" });
  });

  it("maps rate limiting to 429 with retryAfter", async () => {
    const { status, json } = await request("limited", "POST", {});
    expect(status).toBe(429);
    expect(json.error.json.data).toMatchObject({ retryAfter: 60 });
  });

  it("hides the internals of unexpected errors", async () => {
    const { status, json } = await request("crash", "GET");
    expect(status).toBe(500);
    expect(json.error.json.message).toBe("Internal server error");
    expect(JSON.stringify(json)).not.toContain("postgresql://");
  });

  it("reports zod validation as 400 naming the field", async () => {
    const { status, json } = await request("validated", "POST", { email: "nope" });
    expect(status).toBe(400);
    expect(json.error.json.data).toMatchObject({ field: "email" });
  });
});
