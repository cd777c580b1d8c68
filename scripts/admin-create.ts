import { parseArgs } from "node:util";
import { ensureAdmin } from "~/features/users/ensure-admin.ts";
import { createPrismaClient } from "~/platform/db/client.ts";
import { ensureDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("admin");

/**
 * `npm run admin:create -- --email a@b.c --password secret`: creates an admin account, or promotes an
 * existing one and sets its password (a reset: every session of that account ends).
 */
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
const env = await prepareRuntime();
const email = values.email ?? env.ADMIN_EMAIL;
const password = values.password ?? env.ADMIN_PASSWORD;
if (!email || !password || password.length < 6) {
  log.fatal("usage: npm run admin:create -- --email EMAIL --password PASSWORD (at least 6 characters)");
  process.exit(2);
}
const { url, embedded } = await ensureDatabase(env);
const db = createPrismaClient(url);
const result = await ensureAdmin(db, { email, password, resetPassword: true });
log.info(result?.created ? `created ${email}` : `${email} is an admin; password set, its sessions ended`);
await db.$disconnect();
await embedded?.stop();
