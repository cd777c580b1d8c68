import type { BatchSendDeps } from "~/features/mail/batch-send.ts";
import { Pacer } from "~/features/mail/pacer.ts";
import type { ResendEmail, ResendOutcome } from "~/platform/providers/resend.ts";

export const TEST_FROM = "Riesgos IA <hola@riesgos.test>";

/**
 * A stand-in for Resend's batch endpoint: records each call and answers `answers` in order, then accepts;
 * `during` runs while a request is on its way (what another process does meanwhile).
 */
export function recordingProvider(answers: ResendOutcome[] = [], during: () => Promise<void> = async () => {}) {
  const calls: { emails: ResendEmail[]; key: string }[] = [];
  const send = async (lazy: Iterable<ResendEmail>, key: string): Promise<ResendOutcome> => {
    const emails = [...lazy];
    calls.push({ emails, key });
    await during();
    return answers.shift() ?? { ok: true, ids: emails.map((_, i) => `id-${i}`) };
  };
  return { calls, send };
}

/** Mail's batch sender's dependencies in a test: no pace to speak of, and waits that only note their length. */
export function batchSendDeps(provider: BatchSendDeps["provider"], slept: number[] = []): BatchSendDeps {
  return {
    provider,
    pacer: new Pacer(1000, 1),
    from: TEST_FROM,
    sleep: async (ms) => {
      slept.push(ms);
    },
  };
}
