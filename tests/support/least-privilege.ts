import { randomBytes } from "node:crypto";
import { grantLeastPrivilegeRole } from "~/platform/db/embedded-credentials.ts";

/**
 * A new role that may only read and write rows of `ownerDatabaseUrl`'s database (the grants the embedded default
 * gives `riesgos_app`), as a URL to that database: what an operator hands the app while the owner migrates.
 */
export async function leastPrivilegeUrl(ownerDatabaseUrl: string): Promise<string> {
  const owner = new URL(ownerDatabaseUrl);
  const database = owner.pathname.slice(1);
  const role = `app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  await grantLeastPrivilegeRole({
    ownerUrl: (db) => Object.assign(new URL(owner), { pathname: `/${db}` }).toString(),
    owner: decodeURIComponent(owner.username),
    role,
    password,
    database,
  });
  const url = new URL(owner);
  url.username = role;
  url.password = password;
  return url.toString();
}
