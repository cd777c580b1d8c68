import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * JOBS_PROVIDER picks the port's provider for the whole process (src/platform/jobs/choose-engine.ts); unset, Inngest
 * is chosen when its settings are, as before. The environment module refuses a value it does not know, and
 * Inngest with nowhere to send events.
 */
const portUnder = async (settings: Record<string, string>) => {
  vi.resetModules();
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  const { jobs } = await import("~/platform/jobs/jobs-client.ts");
  return jobs.provider;
};

const validate = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "-e", 'await import("./src/platform/env/env.js")'], {
    env: { NODE_ENV: "development", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });

describe("the jobs port's provider", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("follows JOBS_PROVIDER, and the Inngest settings when it is unset", async () => {
    expect(await portUnder({ JOBS_PROVIDER: "", INNGEST_DEV: "", INNGEST_EVENT_KEY: "" })).toBe("embedded");
    expect(await portUnder({ JOBS_PROVIDER: "", INNGEST_DEV: "1" })).toBe("inngest");
    expect(await portUnder({ JOBS_PROVIDER: "embedded", INNGEST_DEV: "1" })).toBe("embedded");
    expect(await portUnder({ JOBS_PROVIDER: "inngest", INNGEST_BASE_URL: "http://127.0.0.1:9" })).toBe("inngest");
  });

  it("the environment refuses an unknown provider, and Inngest with nowhere to send events, in one line", () => {
    const unknown = validate({ JOBS_PROVIDER: "redis" });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim().split("\n")[0]).toMatch(/^Invalid environment configuration — JOBS_PROVIDER: /);
    const nowhere = validate({ JOBS_PROVIDER: "inngest" });
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toContain("JOBS_PROVIDER: inngest needs INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV");
    expect(validate({ JOBS_PROVIDER: "inngest", INNGEST_DEV: "1" }).status).toBe(0);
  });
});
