import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client.ts";

/** A Prisma client on the pg driver adapter; `passwordHash` is never selected unless asked for explicitly. */
export function createPrismaClient(connectionString: string) {
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PrismaClient({
    adapter,
    omit: { user: { passwordHash: true } },
    log: process.env.PRISMA_LOG_QUERIES ? ["query", "warn", "error"] : ["warn", "error"],
  });
}

export type DbClient = ReturnType<typeof createPrismaClient>;
