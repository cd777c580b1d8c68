import { Writable } from "node:stream";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { ensureAdmin } from "~/features/users/ensure-admin.ts";
import { verifyPassword } from "~/platform/auth/password.ts";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { createLogger } from "~/platform/log/create-logger.mjs";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * Two instances starting together on a new database both try to create the first admin. The one that loses
 * the race finds the winner's account: one admin, and nothing logged as an error by either (neither the app's
 * logger nor Prisma's own `prisma:error` on the console).
 */
const clients: DbClient[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(clients.splice(0).map((c) => c.$disconnect()));
});

async function twoInstances() {
  const url = await freshDatabase(inject("adminDatabaseUrl"), "first_admin", inject("migratedTemplate"));
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trimEnd().split("\n"));
      done();
    },
  });
  const logger = createLogger({ level: "debug", format: "json", destination: sink });
  const [a, b] = [createPrismaClient(url, logger), createPrismaClient(url, logger)];
  clients.push(a, b);
  // Both connected, as two running instances are: their first queries then really overlap.
  await Promise.all([a.user.count(), b.user.count()]);
  // Prisma prints its `stdout` log level through console.log: every console method, and both streams.
  const warned = [
    vi.spyOn(console, "error"),
    vi.spyOn(console, "warn"),
    vi.spyOn(console, "log"),
    vi.spyOn(console, "info"),
    vi.spyOn(process.stderr, "write"),
    vi.spyOn(process.stdout, "write"),
  ];
  const loud = () => [
    ...lines.filter((l) => ["warn", "error", "fatal"].includes((JSON.parse(l) as { level: string }).level)),
    ...warned.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))),
  ];
  return { a, b, loud, lines };
}

describe("the first admin when two instances start at once", () => {
  it("from ADMIN_EMAIL/ADMIN_PASSWORD: one account, created once, no error logged", async () => {
    for (let round = 0; round < 4; round++) {
      const { a, b, loud } = await twoInstances();
      const opts = { email: "First.Admin@riesgos-ia.test", password: "first-admin-password" };
      const results = await Promise.all([ensureAdmin(a, opts), ensureAdmin(b, opts)]);
      expect(loud()).toEqual([]);
      expect(results.filter((r) => r?.created)).toHaveLength(1);
      const admins = await a.user.findMany({ where: { role: "admin" }, select: { email: true, username: true } });
      expect(admins).toEqual([{ email: "first.admin@riesgos-ia.test", username: "first.admin" }]);
    }
  });

  it("with a generated password: one account, one password announced, and it is the one stored", async () => {
    for (let round = 0; round < 4; round++) {
      const { a, b, loud } = await twoInstances();
      const results = await Promise.all([ensureAdmin(a, {}), ensureAdmin(b, {})]);
      expect(loud()).toEqual([]);
      const announced = results.flatMap((r) => (r?.generatedPassword ? [r.generatedPassword] : []));
      expect(announced).toHaveLength(1);
      const admins = await a.user.findMany({ where: { role: "admin" }, select: { email: true, passwordHash: true } });
      expect(admins.map((u) => u.email)).toEqual(["admin@riesgos-ia.local"]);
      expect(await verifyPassword(announced[0] ?? "", admins[0]?.passwordHash ?? "")).toBe(true);
    }
  });

  it("the slower instance finds the faster one's account only after checking for admins: it takes nothing over", async () => {
    const { a, b, loud } = await twoInstances();
    // b checks for an admin first (none yet), then waits while a creates the account, then goes on: the moment
    // a loaded machine gives it when hashing a password takes b longer than a's whole start.
    let aStarted: Promise<Awaited<ReturnType<typeof ensureAdmin>>> = Promise.resolve(null);
    let aDone = () => {};
    const aFinished = new Promise<void>((r) => (aDone = r));
    let calls = 0;
    const slow = b.$extends({
      query: {
        user: {
          async findFirst({ args, query }) {
            const found = await query(args);
            if (calls++ > 0) return found;
            aStarted = ensureAdmin(a, {}).finally(aDone);
            await aFinished;
            return found;
          },
        },
      },
    }) as unknown as DbClient;
    const fromB = await ensureAdmin(slow, {});
    const fromA = await aStarted;
    expect(loud()).toEqual([]);
    const announced = [fromA, fromB].flatMap((r) => (r?.generatedPassword ? [r.generatedPassword] : []));
    expect(announced).toHaveLength(1);
    const [admin] = await a.user.findMany({ where: { role: "admin" }, select: { passwordHash: true } });
    expect(await verifyPassword(announced[0] ?? "", admin?.passwordHash ?? "")).toBe(true);
  });

  it("Prisma's own errors go through the app's logger, not to the console", async () => {
    const { a, b, loud, lines } = await twoInstances();
    const user = { email: "same@riesgos-ia.test", username: "same", passwordHash: "x" };
    await a.user.create({ data: user });
    await expect(b.user.create({ data: { ...user, email: "other@riesgos-ia.test" } })).rejects.toThrow();
    const logged = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(logged.filter((l) => l.level === "error" && /Unique constraint/.test(l.msg))).toHaveLength(1);
    expect(loud().filter((l) => !l.startsWith("{"))).toEqual([]);
  });
});
