import type { IncomingMessage, ServerResponse } from "node:http";
import { answerHitReport, HIT_BODY_LIMIT } from "~/features/analytics/hit-endpoint.ts";
import { HIT_PATH } from "~/features/analytics/hit-path.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { routeErrorResponse } from "~/platform/http/route.ts";
import { csrfRejection } from "~/platform/request-edge/csrf.ts";
import { API_CSP, staticSecurityHeaders } from "~/platform/request-edge/security-headers.js";

/**
 * The beacon's POST /api/analytics/hit answered in the server process before Next.js routes it: a hit then
 * costs the handler's own work (bot check, daily visitor id, a push onto the batch buffer), not a Next request
 * (router, proxy, route machinery), which at 300 hits/s took 40 % of the page rate on 2 cores. The handler is
 * the route's (src/features/analytics/hit-endpoint.ts), and what the proxy does for /api on the way (the CSRF
 * rule, the API's CSP) and next.config's headers are done here too, so the answer is the one Next would give.
 */
export function isHitRequest(req: IncomingMessage): boolean {
  if (req.method !== "POST" || !req.url?.startsWith(HIT_PATH)) return false;
  const rest = req.url.slice(HIT_PATH.length);
  return rest === "" || rest.startsWith("?");
}

/**
 * Past this many bytes a body is over the handler's limit in characters too (a UTF-16 unit takes at most 3
 * bytes of UTF-8), so what follows is drained unread and the handler refuses what was kept, as it would the whole.
 */
const BODY_BYTES_KEPT = 3 * HIT_BODY_LIMIT + 4;

function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > BODY_BYTES_KEPT) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** next.config.mjs `headers()` and the proxy's CSP for /api: what every API answer carries. */
function commonHeaders(production: boolean): Record<string, string> {
  const headers: Record<string, string> = { "content-security-policy": API_CSP };
  for (const { key, value } of staticSecurityHeaders(production)) headers[key.toLowerCase()] = value;
  return headers;
}

/** The hit handler bound to `db`, as a Node request listener for the requests isHitRequest picks. */
export function hitFastPath(db: DbClient, opts: { production: boolean }) {
  const common = commonHeaders(opts.production);
  return async function answerHit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const headers = fetchHeaders(req);
    let status: number;
    let answer: Record<string, string>;
    let body: Buffer | undefined;
    try {
      // The rule without a URL: it needs one only for the paths that start a session, and this is none.
      const refusal = csrfRejection({ method: "POST", headers });
      if (refusal) throw new AppError("FORBIDDEN", `Forbidden: ${refusal}`);
      ({ status, headers: answer } = await answerHitReport(db, headers, await bodyText(req)));
    } catch (err) {
      // A malformed body (400 with the field), the CSRF refusal, a body the client stopped sending: the
      // route's own error answers.
      const response = routeErrorResponse(err, headers);
      status = response.status;
      answer = Object.fromEntries(response.headers);
      body = Buffer.from(await response.arrayBuffer());
      answer["content-length"] = String(body.length);
    }
    res.writeHead(status, {
      ...common,
      ...answer,
      "server-timing": `hit;desc="direct";dur=${(performance.now() - started).toFixed(2)}`,
    });
    res.end(body);
  };
}
