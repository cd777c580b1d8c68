import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { startFakeOpenAi } from "./fake-openai.ts";
import { startFakeSources } from "./fake-sources.ts";
import { createPrivateDatabase, expectAppOn } from "./private-database.ts";
import { startFakeResend } from "./resend-env.ts";

export const OPENAI_TIMEOUT_MS = 500;
export const RESEND_TIMEOUT_MS = 1500;
const JOB_RETRY_BASE_MS = 20;

/**
 * The app as the provider-fault files see it: a database of the file's own (a newsletter goes to every
 * subscriber), loopback OpenAI, Resend and official-site stand-ins, short client timeouts and retry delays, then
 * the app imported. Call with top-level await before importing app modules; it registers the file's hooks
 * (the fakes healed after each test, settled and closed after all).
 */
export async function startProviderFaultsApp(prefix: string) {
  const database = await createPrivateDatabase(prefix);
  const openai = await startFakeOpenAi();
  const resend = await startFakeResend();
  // Drafts are written only from sources the fetcher read: a loopback stand-in for an official site.
  const sources = await startFakeSources();
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
  vi.stubEnv("NEWS_FEEDS", `${sources.url}/no-feed.xml`);
  // Short client timeouts and retry delays keep the file fast; src/platform/env/env.js reads them on first import below.
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("OPENAI_TIMEOUT_MS", String(OPENAI_TIMEOUT_MS));
  vi.stubEnv("RESEND_TIMEOUT_MS", String(RESEND_TIMEOUT_MS));
  vi.stubEnv("JOB_RETRY_BASE_MS", String(JOB_RETRY_BASE_MS));
  vi.stubEnv("SOURCE_ALLOWLIST", "");

  const { db } = await import("~/platform/db/db.ts");
  const { backoffMs } = await import("~/platform/jobs/jobs-client.ts");
  const { settleJobs: settleInProcessJobs } = await import("./jobs.ts");
  const { handleRest } = await import("~/server/rest/handler.ts");
  const { adminSession, callerAs } = await import("./sessions.ts");

  beforeAll(async () => {
    await expectAppOn(db, database.name);
    // The job engine starts (and makes its schema) before the first test, as at the app's start: a send reads
    // its queue before it enqueues anything.
    await settleInProcessJobs();
  });

  afterEach(() => {
    openai.reset();
    resend.heal();
  });

  afterAll(async () => {
    await settleInProcessJobs();
    vi.unstubAllEnvs();
    await Promise.all([openai.close(), resend.close(), sources.close()]);
  });

  return {
    openai,
    resend,
    sources,
    db,
    backoffMs,
    settleInProcessJobs,
    handleRest,
    admin: callerAs(adminSession).admin,
  };
}

export const uid = () => randomBytes(4).toString("hex");
/** Gaps between consecutive arrivals, in ms. */
export const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
// A timer may fire a millisecond before Date.now() says it is due.
export const atLeast = (ms: number) => ms - 2;
// A client's timeout starts before it uploads the request; the fake stamps it once the body has arrived.
export const afterTimeout = (ms: number) => ms * 0.8;
