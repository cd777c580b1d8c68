import { fork } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * SIGTERM to a process with the job engine and another part that stops slowly: the engine's own handler ends
 * the process only once the other part's work is done (it used to exit as soon as the engine had stopped, and
 * the server's acknowledged analytics hits were lost when their write was slower than that). Likewise a process
 * that has only loaded the embedded PostgreSQL module: the library's own handler exited at once (the launcher
 * was gone before its server had stored the hits, and the stop that then killed the server lost them).
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

/** SIGTERM to a process started from `script` once it is ready: its exit code and the marks stored by then. */
async function stopAndRead(script: string) {
  const child = fork(script, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: url, JOB_ENGINE_SCHEMA: "pgboss_shutdown" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await once(child, "message");
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const [code] = await exited;
  const { rows } = await client.query("DELETE FROM shutdown_marks RETURNING note");
  return { code, rows };
}

describe("a SIGTERM with the job engine running", () => {
  it("waits for the other parts' shutdown work before the process exits", async () => {
    expect(await stopAndRead("tests/support/shutdown-process.ts")).toEqual({ code: 0, rows: [{ note: "stored" }] });
  }, 60_000);
});

describe("a SIGTERM to a process that loaded the embedded PostgreSQL module (the launcher, the server)", () => {
  it("is the process's own to answer: it exits when its handler is done, with its code", async () => {
    expect(await stopAndRead("tests/support/embedded-module-process.ts")).toEqual({
      code: 0,
      rows: [{ note: "stored" }],
    });
  }, 60_000);
});

describe("a SIGTERM to a script with an embedded cluster and no handler of its own", () => {
  it("stops the cluster, then ends the process as the signal would have", async () => {
    const child = fork("tests/support/embedded-cluster-process.ts", [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const [{ postmaster }] = (await once(child, "message")) as [{ postmaster: number }];
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(143);
    expect(() => process.kill(postmaster, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  }, 60_000);
});
