import { env } from "~/platform/env/env.js";
import { inngestConfigured } from "./client.ts";

/** What pg-boss needs to insert a job: `{ executeSql }` (its `db` send option). */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

interface RawQueries {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * pg-boss's executor over a Prisma client or interactive transaction: a job enqueued through it is inserted by
 * the caller's transaction, so it exists exactly when the caller's other writes do (commit) and not otherwise.
 * Objects go as JSON text (pg-boss casts its payload parameter to jsonb).
 */
export function transactionExecutor(tx: RawQueries): SqlExecutor {
  return {
    async executeSql(text, values) {
      const args = values.map((v) =>
        v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v,
      );
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...args) };
    },
  };
}

/**
 * The engine's live runs (queued, retrying or running) of these jobs whose payload has `key` = `value`. Null
 * under Inngest, whose runs the app cannot list.
 */
export async function liveRunsOf(
  db: RawQueries,
  names: string[],
  key: string,
  value: string,
): Promise<{ id: string; name: string }[] | null> {
  if (inngestConfigured) return null;
  return db.$queryRawUnsafe<{ id: string; name: string }[]>(
    `SELECT id::text, name FROM ${env.JOB_ENGINE_SCHEMA}.job
      WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active') AND data ->> $2 = $3`,
    names,
    key,
    value,
  );
}
