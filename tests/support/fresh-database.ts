import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Creates a database next to the test database (same local server) and returns its URL: empty, or a copy of
 * `template` (which nobody may be connected to).
 */
export async function freshDatabase(adminUrl: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
