import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Passwords of an embedded cluster, generated at its first start and kept in its data directory (0600):
 * the superuser (`postgres`, used for migrations) and the app's own role, which has no superuser rights.
 * Clusters from earlier installs still have the old fixed `postgres/postgres`; they get new passwords on
 * their next start.
 */
export const SUPERUSER = "postgres";
export const APP_ROLE = "riesgos_app";
const LEGACY_PASSWORD = "postgres";
const FILE = "riesgos-credentials.json";

export interface EmbeddedCredentials {
  superuserPassword: string;
  appPassword: string;
}

const generate = (): EmbeddedCredentials => ({
  superuserPassword: randomBytes(24).toString("base64url"),
  appPassword: randomBytes(24).toString("base64url"),
});

export const credentialsPath = (dataDir: string) => path.join(dataDir, FILE);

export function readCredentials(dataDir: string): EmbeddedCredentials | null {
  const file = credentialsPath(dataDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as EmbeddedCredentials) : null;
}

/** New passwords for a cluster about to be initialised (written once initdb has made the directory). */
export const newCredentials = generate;

export function saveCredentials(dataDir: string, creds: EmbeddedCredentials) {
  fs.writeFileSync(credentialsPath(dataDir), `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
}

export const clusterUrl = (port: number, user: string, password: string, database: string) =>
  `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A cluster from an earlier install (fixed `postgres/postgres`, no credentials file): give the superuser a
 * generated password and save it. Returns the credentials, or null if the old password does not work.
 */
export async function migrateLegacyCluster(dataDir: string, port: number): Promise<EmbeddedCredentials | null> {
  const creds = generate();
  const legacy = clusterUrl(port, SUPERUSER, LEGACY_PASSWORD, "postgres");
  try {
    await withClient(legacy, (c) =>
      c.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${pg.escapeLiteral(creds.superuserPassword)}`),
    );
  } catch {
    return null;
  }
  saveCredentials(dataDir, creds);
  return creds;
}

/**
 * The app's role on `database`: LOGIN without superuser, role-creation or database-creation rights; it may
 * read and write every table the migrations (run as the superuser) create, and create schemas of its own.
 * Idempotent: run after each migration so new tables are covered.
 */
export async function grantAppRole(port: number, creds: EmbeddedCredentials, database: string) {
  await grantLeastPrivilegeRole({
    ownerUrl: (db) => clusterUrl(port, SUPERUSER, creds.superuserPassword, db),
    owner: SUPERUSER,
    role: APP_ROLE,
    password: creds.appPassword,
    database,
  });
}

/**
 * Creates or updates `role` as a least-privilege login on `database` (rows of every table `owner` creates there,
 * schemas of its own for the job engine), connecting as `owner` (`ownerUrl(db)` names a database of the cluster).
 */
export async function grantLeastPrivilegeRole(opts: {
  ownerUrl: (database: string) => string;
  owner: string;
  role: string;
  password: string;
  database: string;
}) {
  const role = pg.escapeIdentifier(opts.role);
  const owner = pg.escapeIdentifier(opts.owner);
  const password = pg.escapeLiteral(opts.password);
  await withClient(opts.ownerUrl("postgres"), async (c) => {
    const exists = await c.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [opts.role]);
    const attributes = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS";
    await c.query(
      exists.rowCount
        ? `ALTER ROLE ${role} ${attributes} PASSWORD ${password}`
        : `CREATE ROLE ${role} ${attributes} PASSWORD ${password}`,
    );
    await c.query(`GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${pg.escapeIdentifier(opts.database)} TO ${role}`);
  });
  await withClient(opts.ownerUrl(opts.database), async (c) => {
    await c.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await c.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await c.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO ${role}`,
    );
    await c.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`,
    );
  });
}
