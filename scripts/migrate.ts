import { ensureDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
const env = await prepareRuntime();
const { embedded } = await ensureDatabase(env).catch((err: Error) => {
  console.error(`[migrate] ${err.message}`);
  process.exit(1);
});
await embedded?.stop();
