import pg from "pg";
import { inject } from "vitest";
import type { DbClient } from "~/platform/db/client.ts";
import { migrate } from "~/platform/db/migrate.ts";
import type { FakeResend } from "../support/fake-resend.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { CrashableServer } from "./crash-server.ts";
import { e2eDatabase } from "./db.ts";

/**
 * A newsletter E2E's own site: a fresh migrated database with a SQL client and a Prisma client (for the
 * builders) on it, and a production server of its own (the real launcher, not yet started) wired to the fake
 * Resend, with an admin to sign in as. `env` adds to (or overrides) the server's environment.
 */
export async function newsletterSite(
  name: string,
  opts: {
    admin: { email: string; password: string };
    resend: FakeResend;
    env?: Record<string, string | undefined>;
  },
) {
  const url = await freshDatabase(inject("databaseUrl"), name.replace(/\W/g, ""));
  await migrate(url);
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const dataDir = `test-results/${name}-data`;
  const server = await CrashableServer.create(name, {
    DATABASE_URL: url,
    ADMIN_EMAIL: opts.admin.email,
    ADMIN_PASSWORD: opts.admin.password,
    DATA_DIR: dataDir,
    IMAGE_STORAGE_DIR: `${dataDir}/uploads`,
    RESEND_API_KEY: `re_${name.replace(/\W/g, "_")}_key`,
    RESEND_BASE_URL: await opts.resend.listen(),
    ...opts.env,
  });
  const db: DbClient = e2eDatabase(url);
  return {
    server,
    sql,
    db,
    /** Stops the server and closes the clients (the fake Resend stays the test's to close). */
    async close() {
      await server.stop();
      await sql.end();
      await db.$disconnect();
    },
  };
}

export type NewsletterSite = Awaited<ReturnType<typeof newsletterSite>>;
