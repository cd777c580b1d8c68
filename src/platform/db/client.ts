import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { env } from "~/platform/env/env.js";
import { prismaLogQueries } from "~/platform/env/live.ts";
import { type Logger, log } from "~/platform/log/logger.ts";

/**
 * A Prisma client on the pg driver adapter; `passwordHash` is never selected unless asked for explicitly.
 * Prisma's own warnings and errors (and queries, with PRISMA_LOG_QUERIES) go through the app's logger.
 */
export function createPrismaClient(connectionString: string, logger: Logger = log) {
  const adapter = new PrismaPg({ connectionString, max: env.DATABASE_POOL_SIZE });
  const client = new PrismaClient({
    adapter,
    omit: { user: { passwordHash: true } },
    log: [
      ...(prismaLogQueries() ? [{ emit: "event", level: "query" } as const] : []),
      { emit: "event", level: "warn" } as const,
      { emit: "event", level: "error" } as const,
    ],
  });
  const prismaLog = logger.child({ scope: "prisma" });
  client.$on("query", (e) => prismaLog.info({ durationMs: e.duration }, e.query));
  client.$on("warn", (e) => prismaLog.warn({ target: e.target }, e.message));
  client.$on("error", (e) => prismaLog.error({ target: e.target }, e.message));
  return client;
}

export type DbClient = ReturnType<typeof createPrismaClient>;
