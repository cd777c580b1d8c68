/** The raw-SQL reader both a Prisma client and an interactive transaction are. */
export interface RawQueries {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** What pg-boss needs to insert a job: `{ executeSql }` (its `db` send option). */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
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
