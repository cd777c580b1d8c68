import { fork } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * SIGTERM to a process with the job engine and another part that stops slowly: the engine's own handler ends
 * the process only once the other part's work is done (it used to exit as soon as the engine had stopped, and
 * the server's acknowledged analytics hits were lost when their write was slower than that).
 */
let url: string;
let client: pg.Client;

beforeAll(async () => {
  url = await freshDatabase(inject("adminDatabaseUrl"), "shutdown", inject("migratedTemplate"));
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("CREATE TABLE shutdown_marks (note text NOT NULL)");
});
afterAll(() => client?.end());

describe("a SIGTERM with the job engine running", () => {
  it("waits for the other parts' shutdown work before the process exits", async () => {
    const child = fork("tests/support/shutdown-process.ts", [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: url, JOB_ENGINE_SCHEMA: "pgboss_shutdown" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    await once(child, "message");
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    const { rows } = await client.query("SELECT note FROM shutdown_marks");
    expect(rows).toEqual([{ note: "stored" }]);
  }, 60_000);
});
