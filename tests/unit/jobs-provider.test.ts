import { describe, expect, it } from "vitest";
import { chooseProvider } from "~/platform/jobs/choose-engine.ts";

describe("the jobs provider is chosen once, by one setting", () => {
  it.each([
    [{}, "embedded"],
    [{ INNGEST_EVENT_KEY: "evt" }, "inngest"],
    [{ INNGEST_BASE_URL: "http://inngest:8288" }, "inngest"],
    [{ INNGEST_DEV: "1" }, "inngest"],
    [{ JOBS_PROVIDER: "inngest", INNGEST_BASE_URL: "http://inngest:8288" }, "inngest"],
    // The setting wins over the keys: Inngest's keys may stay in place while the embedded engine runs the jobs.
    [{ JOBS_PROVIDER: "embedded", INNGEST_EVENT_KEY: "evt", INNGEST_DEV: "1" }, "embedded"],
  ] as const)("%o → %s", (settings, provider) => {
    expect(chooseProvider(settings)).toBe(provider);
  });
});
