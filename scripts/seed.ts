import { createPrismaClient } from "~/platform/db/client.ts";
import { loadSeed } from "../seed/load.ts";
import { ensureDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("seed");

/** `npm run db:seed`: loads the bundled content (idempotent). */
const env = await prepareRuntime();
const { url, embedded } = await ensureDatabase(env);
const db = createPrismaClient(url);
log.info({ inserted: await loadSeed(db) }, "done");
await db.$disconnect();
await embedded?.stop();
