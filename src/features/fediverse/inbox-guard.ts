/**
 * Limits on what a POST to the inbox may be, checked before Fedify parses or verifies it: a Mastodon activity
 * is a few kB, so 256 kB leaves room for long posts and many mentions; 64 levels of nesting are far beyond any
 * real activity (Mastodon's deepest is about 6), and a deeper document would make the JSON-LD walk recurse
 * until the stack gives out.
 */
export const MAX_INBOX_BYTES = 256 * 1024;
export const MAX_INBOX_DEPTH = 64;

const refuse = (status: number, message: string) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/** Reads at most `limit` bytes of the body; null when there are more. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** The deepest nesting of objects and arrays in a JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * A POST checked against the limits: 413 past the size (declared or actual), 400 past the nesting depth; else
 * the same request with its body read once (the signature's digest covers exactly these bytes).
 */
export async function guardInboxPost(request: Request): Promise<Request | Response> {
  if (request.method !== "POST") return request;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_INBOX_BYTES) return refuse(413, `body: larger than ${MAX_INBOX_BYTES} bytes`);
  const body = await readLimited(request, MAX_INBOX_BYTES);
  if (!body) return refuse(413, `body: larger than ${MAX_INBOX_BYTES} bytes`);
  if (jsonDepth(new TextDecoder().decode(body)) > MAX_INBOX_DEPTH) {
    return refuse(400, `body: JSON nested deeper than ${MAX_INBOX_DEPTH} levels`);
  }
  return new Request(request.url, { method: "POST", headers: request.headers, body });
}
