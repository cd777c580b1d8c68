import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      DATA_DIR: path.join(os.tmpdir(), "riesgos-env-test"),
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });

describe("environment validation", () => {
  it("stops with one clear line for a malformed DATABASE_URL", () => {
    const r = run({ DATABASE_URL: "not-a-url" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment configuration — DATABASE_URL: /);
  });

  it("rejects a non-postgres URL the same way", () => {
    const r = run({ DATABASE_URL: "mysql://localhost/db" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("DATABASE_URL: must start with postgresql://");
  });

  const production = { DATABASE_URL: "postgresql://localhost/x", NEXTAUTH_SECRET: "s".repeat(40) };

  it.each([
    ["BCRYPT_COST", "abc"],
    ["DATABASE_POOL_SIZE", "lots"],
    ["SOURCE_FETCH_EXTRA_HOSTS", "http://fixtures.local:4010/"],
    ["FEDIVERSE", "yes"],
  ])("stops with one line for a malformed %s (read nowhere but the env module)", (name, value) => {
    const r = run({ ...production, [name]: value });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment configuration — ${name}: `));
  });

  it("refuses to let the fediverse reach private addresses outside tests, in one line", () => {
    const r = run({ ...production, FEDIVERSE_ALLOW_PRIVATE_ADDRESS: "1" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      "Invalid environment configuration — FEDIVERSE_ALLOW_PRIVATE_ADDRESS: is for tests only (NODE_ENV=test): it lets the fediverse reach private addresses",
    ]);
  });

  it("refuses Inngest's dev mode in production, in one line", () => {
    const r = run({ ...production, INNGEST_DEV: "1" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment configuration — INNGEST_DEV: must not be set in production/);
  });

  it("refuses Inngest without a signing key in production, in one line", () => {
    const r = run({ ...production, INNGEST_EVENT_KEY: "evt-key" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment configuration — INNGEST_SIGNING_KEY: is required in production/);
  });

  it("requires NEXTAUTH_SECRET in production with an external database, in one line", () => {
    const r = run({ DATABASE_URL: "postgresql://localhost/x" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid environment configuration — NEXTAUTH_SECRET: is required in production with an external database .* on every instance$/,
    );
  });

  it("stops with one line for a REDIS_URL that is not redis:// or rediss://", () => {
    const r = run({ ...production, REDIS_URL: "http://cache:6379" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment configuration — REDIS_URL: must start with redis:\/\//);
  });

  it("refuses MEDIA_STORAGE=s3 without a bucket, in one line", () => {
    const r = run({ ...production, MEDIA_STORAGE: "s3" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment configuration — S3_BUCKET: is required when MEDIA_STORAGE=s3/);
  });
});
