import { createPrismaClient } from "~/platform/db/client.ts";
import { loadSeed } from "../seed/load.ts";
import { ensureDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";

/** `npm run db:seed`: loads the bundled content (idempotent). */
const env = await prepareRuntime();
const { url, embedded } = await ensureDatabase(env);
const db = createPrismaClient(url);
console.log("[seed]", await loadSeed(db));
await db.$disconnect();
await embedded?.stop();
