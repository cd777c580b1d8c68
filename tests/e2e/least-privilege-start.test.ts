import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { leastPrivilegeUrl } from "../support/least-privilege.ts";
import { CrashableServer } from "./crash-server.ts";

/**
 * `npm start` as an operator runs it behind a load balancer: the owner has migrated, the app's role may only
 * read and write rows. The launcher checks the schema, seeds, creates the admin and serves, with the build's
 * deployment id on every page.
 */
let server: CrashableServer;

beforeAll(async () => {
  const ownerUrl = await freshDatabase(inject("databaseUrl"), "leastpriv");
  await migrate(ownerUrl);
  server = await CrashableServer.create("least-privilege", {
    DATABASE_URL: await leastPrivilegeUrl(ownerUrl),
    ADMIN_EMAIL: "lp-admin@riesgos-ia.test",
    ADMIN_PASSWORD: "lp-admin-password",
    DATA_DIR: "test-results/least-privilege-data",
  });
  await server.start();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const builtDeploymentId = () => {
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  const files = JSON.parse(fs.readFileSync(path.join(dist, "required-server-files.json"), "utf8"));
  return String(files.config.deploymentId ?? "");
};

describe("npm start on a least-privilege role", () => {
  it("starts on a current schema and serves the seeded site", async () => {
    const res = await fetch(`${server.baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<html");
  });

  it("marks pages and assets with the build's deployment id (Next's version-skew guard)", async () => {
    const id = builtDeploymentId();
    expect(id).not.toBe("");
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toContain(`data-dpl-id="${id}"`);
    expect(html).toMatch(new RegExp(`/_next/static/[^"]+\\?dpl=${id}`));
  });

  it.runIf(process.env.CI === "true")("runs the launcher and Next.js on Node.js 24", () => {
    const group = server.processGroup();
    expect(group).toBeDefined();
    const pids = execFileSync("ps", ["-eo", "pid=,pgid="], { encoding: "utf8" })
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter(([, pgid]) => pgid === String(group))
      .map(([pid]) => pid);
    const nodes = pids
      .map((pid) => {
        try {
          return fs.realpathSync(`/proc/${pid}/exe`);
        } catch {
          return null; // exited meanwhile
        }
      })
      .filter((exe): exe is string => exe !== null && path.basename(exe) === "node");
    expect(nodes.length).toBeGreaterThan(0);
    for (const exe of new Set(nodes)) expect(execFileSync(exe, ["--version"], { encoding: "utf8" })).toMatch(/^v24\./);
  });
});
