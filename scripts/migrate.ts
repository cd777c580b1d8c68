import { ensureDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("migrate");

/**
 * `npm run db:migrate`: applies pending migrations as the schema's owner: MIGRATION_DATABASE_URL, or DATABASE_URL
 * when that role owns the schema, or the embedded database's superuser.
 */
const env = await prepareRuntime();
const { embedded } = await ensureDatabase(env, "migrate").catch((err: Error) => {
  log.fatal({ err }, err.message);
  process.exit(1);
});
await embedded?.stop();
