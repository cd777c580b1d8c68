import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { notingPageReads, type PageRead } from "~/platform/request-edge/page-reads.mjs";
import { plainDocumentRequest } from "~/platform/request-edge/plain-document.js";

/**
 * A stored reader page answered by the server process before Next.js, as the analytics beacon's hits are
 * (scripts/hit-fast-path.ts). On 2 cores a cache hit through Next cost 2.5–4× the bare prerendered page: its
 * router and config rules, the app-page handler, the cache handler's read, and gzip of 60–78 kB of HTML on
 * every request. Here the answer is the one Next gave: the first time Next answers a plain document request
 * (plain-document.js) with a stored page (`x-nextjs-cache: HIT`), its status, headers and body bytes as sent
 * (compressed, when the request asked for it) are kept with the stored entry they came from
 * (page-reads.mjs); the same request later gets them again while that entry still stands: the store holds it
 * (in process, or in Redis for every instance), no write has expired its tags, its revalidate time has not
 * passed. Anything else goes to Next: a miss, a stale entry, a 404 or a redirect (never stored), RSC and
 * prefetch requests, queries, conditional requests, a session or language cookie.
 */

type Answer = { status: number; headers: OutgoingHttpHeaders; body: Buffer };
type Kept = Answer & { read: PageRead };

/** What the kept answers may take in memory (compressed bodies of a few hundred pages in a few variants). */
const KEPT_BYTES = 64 * 1024 * 1024;
/** And how many: a client may vary its Accept-Encoding; each variant is one more answer (HEAD's have no body). */
const KEPT_ANSWERS = 4096;
/** Headers of the one answer, not of the page: the request's id, the date, the connection's framing. */
const PER_ANSWER = ["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"];
/** Tells an answer from this path (the hit path's Server-Timing says the same of its answers). */
const SERVED_HERE = 'page;desc="direct"';
/** A body past this is no stored page: its copy is dropped as it goes. */
const COPIED_MAX = 8 * 1024 * 1024;
/** The longest Accept-Encoding kept apart (a browser's is under 40 characters); longer ones go to Next. */
const ENCODING_MAX = 200;

/** The request as a kept answer's key: method, path and the encodings it accepts; null when not plain. */
function variantOf(req: IncomingMessage): string | null {
  if (!plainDocumentRequest(req)) return null;
  const encoding = req.headers["accept-encoding"] ?? "";
  if (encoding.length > ENCODING_MAX) return null;
  return `${req.method} ${encoding} ${req.url}`;
}

/** Next's own staleness rule for a stored page: its revalidate and expire times from when it was stored. */
function withinItsTime(read: PageRead, now: number): boolean {
  const { revalidate, expire } = read.cacheControl ?? {};
  if (typeof revalidate === "number" && now >= read.lastModified + revalidate * 1000) return false;
  return !(typeof expire === "number" && now >= read.lastModified + expire * 1000);
}

async function stillStands(read: PageRead): Promise<boolean> {
  if (!withinItsTime(read, Date.now())) return false;
  try {
    return await read.store.holds(read.key, read.lastModified, read.tags);
  } catch {
    return false;
  }
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : undefined;
}

/**
 * Keeps a copy of what Next sends on `res`: installed before Next's compression wraps the same methods, so the
 * bytes are the ones that go on the wire. `done` gets the whole answer when Next ends it.
 */
function copyAnswer(res: ServerResponse, done: (answer: Answer) => void) {
  let chunks: Buffer[] | null = [];
  let size = 0;
  const copy = (chunk: unknown, encoding: unknown) => {
    const bytes = asBuffer(chunk, encoding);
    if (!bytes || !chunks) return;
    size += bytes.length;
    // A copy, since the caller may reuse its buffer once written.
    if (size > COPIED_MAX) chunks = null;
    else chunks.push(Buffer.from(bytes));
  };
  const write = res.write;
  const end = res.end;
  res.write = function copiedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    copy(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function copiedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    copy(chunk, rest[0]);
    if (chunks) done({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
}

/** The answer kept when it is a stored page's hit, read from exactly one entry Next knows the lifetime of. */
function keepable(answer: Answer, reads: PageRead[]): Kept | null {
  const [read, ...others] = reads;
  if (!read || others.length > 0 || !read.cacheControl) return null;
  const { status, headers } = answer;
  if (status !== 200 || headers["x-nextjs-cache"] !== "HIT" || headers["set-cookie"] !== undefined) return null;
  if (headers["content-type"] === undefined) return null;
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!PER_ANSWER.includes(name)) kept[name] = value;
  return { status, headers: kept, body: answer.body, read };
}

/**
 * The page fast path as a step of the server's request listener: answers `req` itself when it can, else calls
 * `next` (Next's handler) and keeps Next's answer if it is a stored page's hit. `enabled` false: always `next`.
 */
export function pageFastPath(opts: { enabled: boolean }) {
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const forget = (variant: string) => {
    const old = kept.get(variant);
    if (old) keptBytes -= old.body.length;
    kept.delete(variant);
  };
  const keep = (variant: string, answer: Kept) => {
    forget(variant);
    kept.set(variant, answer);
    keptBytes += answer.body.length;
    // The oldest first (a Map iterates in insertion order).
    for (const oldest of kept.keys()) {
      if (keptBytes <= KEPT_BYTES && kept.size <= KEPT_ANSWERS) break;
      forget(oldest);
    }
  };

  return async function servePage(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
    const variant = opts.enabled ? variantOf(req) : null;
    if (variant === null) return next();
    const answer = kept.get(variant);
    if (answer && (await stillStands(answer.read))) {
      res.writeHead(answer.status, { ...answer.headers, "server-timing": SERVED_HERE });
      res.end(answer.body);
      return;
    }
    if (answer) forget(variant);
    let reads: PageRead[] = [];
    copyAnswer(res, (sent) => {
      const hit = keepable(sent, reads);
      if (hit) keep(variant, hit);
    });
    reads = notingPageReads(next);
  };
}
