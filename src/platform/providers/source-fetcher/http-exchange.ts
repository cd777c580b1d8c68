import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { FetchError } from "./fetch-error.ts";
import { guardedLookup, PrivateAddressError } from "./guarded-lookup.ts";

export interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body was longer than maxBytes: `body` holds its first maxBytes (decoded) bytes. */
  truncated: boolean;
}

export interface ExchangeOptions {
  headers: Record<string, string>;
  allowPrivate: boolean;
  maxBytes: number;
  /** Epoch ms after which the exchange is abandoned. */
  deadline: number;
  /** Read the body only for these statuses (others are answered from their status line). */
  wantBody: (status: number) => boolean;
}

/**
 * One GET, no redirects followed: the connection goes through the guarded lookup, the body is streamed up to
 * maxBytes (the rest is not read: `truncated`), and the whole exchange ends at the deadline.
 */
export function exchange(url: URL, options: ExchangeOptions): Promise<Exchange> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) return reject(new FetchError("timeout", "time limit reached before the request"));
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(
      url,
      { method: "GET", headers: options.headers, lookup: guardedLookup(options.allowPrivate), agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        if (!options.wantBody(status)) {
          res.resume();
          return finish(() => resolve({ status, headers: res.headers, body: Buffer.alloc(0), truncated: false }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        // The cap counts decoded bytes, so a small compressed body cannot expand past it. A longer body is
        // read up to the cap and the rest left unread (a large official text is still worth its first part).
        const body = decoded(res);
        body.on("data", (chunk: Buffer) => {
          if (done) return;
          const room = options.maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            req.destroy();
            return finish(() =>
              resolve({ status, headers: res.headers, body: Buffer.concat(chunks), truncated: true }),
            );
          }
          size += chunk.length;
          chunks.push(chunk);
        });
        body.on("end", () =>
          finish(() => resolve({ status, headers: res.headers, body: Buffer.concat(chunks), truncated: false })),
        );
        body.on("error", (err) => finish(() => reject(networkError(err))));
        if (body !== res) res.on("error", (err) => finish(() => reject(networkError(err))));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(() => reject(new FetchError("timeout", `no complete answer within the time limit (${url.host})`)));
    }, remaining);
    req.on("error", (err) => finish(() => reject(networkError(err))));
    req.end();
  });
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return res.pipe(zlib.createGunzip());
  if (encoding === "deflate") return res.pipe(zlib.createInflate());
  if (encoding === "br") return res.pipe(zlib.createBrotliDecompress());
  return res;
}

function networkError(err: Error): FetchError {
  if (err instanceof FetchError) return err;
  if (err instanceof PrivateAddressError) return new FetchError("private_address", err.message);
  const code = (err as NodeJS.ErrnoException).code;
  return new FetchError("network", code ? `${code}: ${err.message}` : err.message);
}
