import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { env } from "~/platform/env/env.js";
import { prismaLogQueries } from "~/platform/env/live.ts";

/** A Prisma client on the pg driver adapter; `passwordHash` is never selected unless asked for explicitly. */
export function createPrismaClient(connectionString: string) {
  const adapter = new PrismaPg({ connectionString, max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({
    adapter,
    omit: { user: { passwordHash: true } },
    log: prismaLogQueries() ? ["query", "warn", "error"] : ["warn", "error"],
  });
}

export type DbClient = ReturnType<typeof createPrismaClient>;
