import { inject } from "vitest";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";

/**
 * The Prisma client E2E files hand to the builders of tests/support/builders.ts: on the shared E2E server's
 * database, or on the one a file started its own server on. The file disconnects it in afterAll.
 */
export function e2eDatabase(url: string = inject("databaseUrl")): DbClient {
  return createPrismaClient(url);
}
