import { spawnSync } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

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

  it("under Inngest, runs queued at once leave in one request to the event API, each with its id and time", async () => {
    // A loopback server speaking Inngest's event API (POST /e/{key}, a JSON array of events).
    const requests: { path: string; events: { name: string; data: unknown; id?: string; ts?: number }[] }[] = [];
    const server = http.createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const events = JSON.parse(body) as (typeof requests)[number]["events"];
      requests.push({ path: req.url ?? "", events });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ids: events.map((_, i) => `evt-${i}`), status: 200 }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      vi.resetModules();
      vi.stubEnv("JOBS_PROVIDER", "inngest");
      vi.stubEnv("INNGEST_BASE_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.stubEnv("INNGEST_EVENT_KEY", "test-key");
      const { enqueueMany } = await import("~/platform/jobs/jobs-client.ts");
      const { defineJob } = await import("~/platform/jobs/define-job.ts");
      const job = defineJob({
        name: "test/inngest-many",
        schema: z.object({ n: z.number() }),
        retries: 0,
        handler: async () => {},
      });
      const before = Date.now();
      await enqueueMany(job, [
        { payload: { n: 1 }, opts: { id: "first" } },
        { payload: { n: 2 }, opts: { delaySeconds: 60 } },
      ]);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.path).toMatch(/\/e\/test-key$/);
      const [first, second] = requests[0]!.events;
      expect(first).toMatchObject({ name: "test/inngest-many", data: { n: 1 }, id: "first" });
      expect(second).toMatchObject({ name: "test/inngest-many", data: { n: 2 } });
      expect(second!.ts! - before).toBeGreaterThanOrEqual(59_000);
    } finally {
      server.close();
    }
  });
});
