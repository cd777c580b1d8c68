import { FakeResend } from "./fake-resend.ts";

/**
 * Starts the fake Resend server and points the app at it. Call it BEFORE importing app modules (use dynamic
 * imports): src/platform/env/env.js reads the environment once, when first imported.
 */
export async function startFakeResend(
  opts: { keepBodies?: boolean; webhookSecret?: string; maxPerSecond?: number } = {},
) {
  const fake = new FakeResend({ keepBodies: opts.keepBodies, maxPerSecond: opts.maxPerSecond });
  const url = await fake.listen();
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = url;
  // Paced far above what the tests send, so their timings do not change (the pacing test sets its own).
  process.env.RESEND_MAX_RPS ??= "1000";
  if (opts.webhookSecret) process.env.RESEND_WEBHOOK_SECRET = opts.webhookSecret;
  return fake;
}

/** Polls until `check` holds (background jobs deliver asynchronously). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
