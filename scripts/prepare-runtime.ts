import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Shared by the launcher and the CLI scripts: loads .env, gives the zero-config site (embedded database, or
 * not production) a persistent auth secret, then validates the environment (a bad value exits with one line, see src/platform/env/env.js).
 */
export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? ".data");

export async function prepareRuntime() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  // Only the single-box default gets a generated secret: instances on an external database in production must
  // share one, so there it is required (src/platform/env/env.js says so in one line).
  const external = Boolean(process.env.DATABASE_URL) && process.env.NODE_ENV === "production";
  if (!process.env.NEXTAUTH_SECRET && !external) {
    const file = path.join(DATA_DIR, "auth-secret");
    fs.mkdirSync(DATA_DIR, { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    process.env.NEXTAUTH_SECRET = fs.readFileSync(file, "utf8").trim();
  }
  const { env } = await import("~/platform/env/env.js");
  return env;
}
