const strict = new TextDecoder("utf-8", { fatal: true });

/** How an unpaired surrogate is written in JSON text: what a run of bytes that are not UTF-8 becomes. */
const NOT_UTF8 = "\\udfff";

/** The length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0 if the byte there starts none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  if (b < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => {
    const c = bytes[i + k];
    return c !== undefined && c >= lo && c <= hi;
  };
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const [lo, hi] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const [lo, hi] = b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/**
 * A JSON request body as text, read strictly as UTF-8. A lenient decoder would turn bytes that are not UTF-8
 * into U+FFFD, stored and mailed as if the sender had typed it; here each run of them becomes the JSON escape
 * of an unpaired surrogate instead, so the input check that refuses lone surrogates (src/platform/trpc/trpc.ts)
 * refuses them too, naming the field that held them. Outside a string the escape is not JSON, so the body is
 * refused as malformed; after a lone backslash it would complete an escape of its own, so a control character
 * (never valid there) keeps the body malformed instead.
 */
export function jsonBodyText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    // Not UTF-8: rebuilt below.
  }
  let out = "";
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += strict.decode(bytes.subarray(start, i));
    const backslashes = /\\*$/.exec(out)?.[0].length ?? 0;
    if (!out.endsWith(NOT_UTF8)) out += backslashes % 2 === 1 ? "\u0001" : NOT_UTF8;
    i += 1;
    start = i;
  }
  return out + strict.decode(bytes.subarray(start));
}

/** The request with its JSON body re-read by jsonBodyText; anything else (no body, multipart…) as it came. */
export async function withUtf8JsonBody(req: Request): Promise<Request> {
  const type = req.headers.get("content-type") ?? "";
  if (req.method === "GET" || req.method === "HEAD" || !req.body || !/^application\/json\s*(;|$)/i.test(type))
    return req;
  const body = jsonBodyText(new Uint8Array(await req.arrayBuffer()));
  return new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal });
}
