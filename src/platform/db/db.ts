import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { databaseUrl } from "~/platform/env/live.ts";

const globalForPrisma = globalThis as unknown as { prisma?: DbClient };

function connectionString(): string {
  const url = env.DATABASE_URL ?? databaseUrl();
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set: start the site with `npm start` (it launches embedded PostgreSQL) or set DATABASE_URL.",
    );
  }
  return url;
}

/** The one Prisma client of the process (reused across hot reloads in development). */
export const db: DbClient = globalForPrisma.prisma ?? createPrismaClient(connectionString());
if (env.NODE_ENV !== "production") globalForPrisma.prisma = db;
