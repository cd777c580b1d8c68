import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { readDatabaseId } from "~/platform/db/database-id.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * The database's identity the launcher reads at start (DATABASE_ID) and the cache keys pages on: the same on
 * every start on one database, another one for another database, for a copy of it, and for a database whose
 * identity row was lost (a data-only restore).
 */
const clients: DbClient[] = [];
async function idOf(url: string, keepOpen = true): Promise<string> {
  const db = createPrismaClient(url);
  const id = await readDatabaseId(db);
  if (keepOpen) clients.push(db);
  else await db.$disconnect();
  return id;
}
const uuidOf = (id: string) => id.split(".")[0];

afterAll(async () => {
  await Promise.all(clients.map((db) => db.$disconnect()));
});

describe("readDatabaseId", () => {
  it("is the same at every start on one database: its row's uuid, OID, cluster and timeline", async () => {
    const url = process.env.DATABASE_URL!;
    const first = await idOf(url);
    expect(first).toMatch(/^[0-9a-f-]{36}\.\d+\.\d+\.[0-9A-F]{8}$/);
    expect(await idOf(url)).toBe(first);
  });

  it("differs for another database, and for a copy of this one with the same rows", async () => {
    const admin = inject("adminDatabaseUrl");
    const original = await freshDatabase(admin, "dbid");
    await migrate(original);
    const originalId = await idOf(original, false);
    const other = await freshDatabase(admin, "dbid_other");
    await migrate(other);
    expect(uuidOf(await idOf(other))).not.toBe(uuidOf(originalId));

    const copy = await freshDatabase(admin, "dbid_copy", new URL(original).pathname.slice(1));
    const copyId = await idOf(copy);
    expect(uuidOf(copyId), "the copied row").toBe(uuidOf(originalId));
    expect(copyId).not.toBe(originalId);
  });

  it("makes a new identity when the row is gone, the same for every instance reading it after", async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "dbid_lost");
    await migrate(url);
    const before = await idOf(url);
    const db = createPrismaClient(url);
    clients.push(db);
    await db.$executeRaw`DELETE FROM database_identity`;
    const [a, b] = await Promise.all([readDatabaseId(db), idOf(url)]);
    expect(a).toBe(b);
    expect(uuidOf(a)).not.toBe(uuidOf(before));
  });
});
