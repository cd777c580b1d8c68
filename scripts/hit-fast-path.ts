import type { IncomingMessage, ServerResponse } from "node:http";
import { HIT_BODY_LIMIT, hitEndpoint } from "~/features/analytics/hit-endpoint.ts";
import { HIT_PATH } from "~/features/analytics/hit-path.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { csrfRejection } from "~/platform/security/csrf.ts";
import { API_CSP, staticSecurityHeaders } from "~/platform/security/headers.js";

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

/** The body as text, kept only up to one byte past the limit (the handler refuses it then); the rest is drained. */
function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > HIT_BODY_LIMIT) return;
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
  const handler = hitEndpoint(db);
  const common = commonHeaders(opts.production);
  return async function answerHit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let response: Response;
    try {
      const headers = fetchHeaders(req);
      const url = new URL(req.url ?? HIT_PATH, "http://localhost");
      const refusal = csrfRejection({ method: "POST", headers, url: url.href });
      response = refusal
        ? Response.json({ error: `Forbidden: ${refusal}`, code: "FORBIDDEN" }, { status: 403 })
        : await handler(new Request(url, { method: "POST", headers, body: await bodyText(req) }));
    } catch {
      // Only the body can fail here (the client went away while sending it): the handler catches the rest.
      response = Response.json({ error: "Request body aborted", code: "BAD_REQUEST" }, { status: 400 });
    }
    const body = Buffer.from(await response.arrayBuffer());
    const out: Record<string, string> = { ...common, "cache-control": "no-store" };
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    out["server-timing"] = `hit;desc="direct";dur=${(performance.now() - started).toFixed(2)}`;
    if (body.length) out["content-length"] = String(body.length);
    res.writeHead(response.status, out);
    res.end(body);
  };
}
