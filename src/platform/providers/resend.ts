import { type CreateBatchSuccessResponse, Resend } from "resend";
import { env } from "~/platform/env/env.js";

/** One e-mail as the Resend API takes it. */
export interface ResendEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text?: string;
  headers?: Record<string, string>;
  tags?: { name: string; value: string }[];
}

export type ResendOutcome =
  | { ok: true; ids: string[] }
  /** The idempotency key was already used for an accepted request: the mail went out before. */
  | { ok: true; ids: []; replayed: true }
  | { ok: false; retryable: boolean; retryAfterSeconds?: number; message: string };

let client: Resend | null | undefined;

/** The Resend client when RESEND_API_KEY is set (RESEND_BASE_URL points it elsewhere, e.g. the test fake). */
export function resendClient(): Resend | null {
  if (client === undefined) {
    client = env.RESEND_API_KEY ? new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL }) : null;
  }
  return client;
}

type SdkError = { name?: string; message?: string; statusCode?: number | null } | null;

function classify(error: NonNullable<SdkError>, headers: Record<string, string> | null): ResendOutcome {
  const status = error.statusCode ?? 0;
  // Resend answers 409 when a key is reused with a different payload (e.g. a recipient unsubscribed between
  // attempts): the first request with that key was accepted, so the batch is already out.
  if (status === 409 && error.name === "invalid_idempotent_request") return { ok: true, ids: [], replayed: true };
  const retryAfter = Number(headers?.["retry-after"]);
  return {
    ok: false,
    // Network failures (no status), rate limits, concurrent use of a key and server errors may succeed later.
    retryable: status === 0 || status === 429 || status === 409 || status >= 500,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    message: `${status || "network"}: ${error.message ?? error.name ?? "Resend error"}`,
  };
}

/**
 * The SDK sets no timeout: a call Resend never answers would hang its job forever. Abandoned after
 * RESEND_TIMEOUT_MS, it counts as a retryable network failure; the retry carries the same idempotency key,
 * so if Resend did accept the first call nobody gets a second copy.
 */
async function withTimeout<T extends { error: unknown; headers: Record<string, string> | null }>(
  request: (signal: AbortSignal) => Promise<T>,
): Promise<T | ResendOutcome> {
  const ms = env.RESEND_TIMEOUT_MS ?? 30_000;
  const signal = AbortSignal.timeout(ms);
  const timedOut: ResendOutcome = { ok: false, retryable: true, message: `timeout: no answer from Resend in ${ms} ms` };
  try {
    const result = await request(signal);
    return result.error && signal.aborted ? timedOut : result;
  } catch (err) {
    // The SDK rethrows an abort that lands while it reads an error body.
    return signal.aborted ? timedOut : { ok: false, retryable: true, message: `network: ${(err as Error).message}` };
  }
}

const isOutcome = (r: object): r is ResendOutcome => "ok" in r;

export async function resendSend(resend: Resend, email: ResendEmail, idempotencyKey?: string): Promise<ResendOutcome> {
  const result = await withTimeout((signal) =>
    resend.emails.send(email, idempotencyKey ? { idempotencyKey, signal } : { signal }),
  );
  if (isOutcome(result)) return result;
  const { data, error, headers } = result;
  if (error) return classify(error as SdkError as NonNullable<SdkError>, headers);
  return { ok: true, ids: data?.id ? [data.id] : [] };
}

/**
 * The batch's JSON body as a stream, one e-mail per chunk, with its length: each e-mail is composed when its
 * chunk is written (and once before, to count the bytes: composing is deterministic) and is garbage once
 * written, so a request in flight never holds the whole body nor every copy. Keys in the SDK's order: the
 * same bytes its `batch.send` sends.
 */
function batchBody(emails: Iterable<ResendEmail>): { body: ReadableStream<Uint8Array>; length: number } {
  function* chunks() {
    let count = 0;
    for (const e of emails) {
      if (++count > 100) throw new Error("Resend batches hold at most 100 e-mails");
      const { from, headers, html, subject, tags, text, to } = e;
      yield `${count === 1 ? "[" : ","}${JSON.stringify({ from, headers, html, subject, tags, text, to })}`;
    }
    yield count === 0 ? "[]" : "]";
  }
  let length = 0;
  for (const chunk of chunks()) length += Buffer.byteLength(chunk);
  const encoder = new TextEncoder();
  const next = chunks();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = next.next();
      if (chunk.done) controller.close();
      else controller.enqueue(encoder.encode(chunk.value));
    },
  });
  return { body, length };
}

/**
 * Resend's batch endpoint: at most 100 e-mails per call, all or nothing, deduplicated by the key for 24 h.
 * The body is written here (batchBody) and handed to the SDK's own request, which answers as for its
 * `batch.send`; `emails` is read once per call, so a caller may compose the e-mails lazily.
 */
export async function resendBatch(
  resend: Resend,
  emails: Iterable<ResendEmail>,
  idempotencyKey: string,
): Promise<ResendOutcome> {
  const { body, length } = batchBody(emails);
  const headers = {
    Authorization: `Bearer ${resend.key}`,
    "User-Agent": resend.userAgent,
    "Content-Type": "application/json",
    "Content-Length": String(length),
    "Idempotency-Key": idempotencyKey,
    "x-batch-validation": "strict",
  };
  const result = await withTimeout((signal) =>
    resend.fetchRequest<CreateBatchSuccessResponse>("/emails/batch", {
      method: "POST",
      body,
      duplex: "half", // a streamed body; its Content-Length is set above, so it is not sent chunked
      headers,
      signal,
    }),
  );
  if (isOutcome(result)) return result;
  const { data, error, headers: answered } = result;
  if (error) return classify(error as SdkError as NonNullable<SdkError>, answered);
  return { ok: true, ids: (data?.data ?? []).map((d) => d.id) };
}
