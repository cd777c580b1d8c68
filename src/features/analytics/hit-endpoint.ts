import type { DbClient } from "~/platform/db/client.ts";
import { route } from "~/platform/http/route.ts";
import { recordHit } from "./ingest.ts";

/** Bytes of a beacon's body past which it is refused unread (a report is a path and a referrer). */
export const HIT_BODY_LIMIT = 4096;

/** The body as JSON; anything unreadable becomes null, which the input schema refuses with a 400. */
function parsed(text: string): unknown {
  if (text.length > HIT_BODY_LIMIT) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What the endpoint answers to a report it takes: status and headers, never a body. */
export interface HitAnswer {
  status: 204 | 503;
  headers: Record<string, string>;
}

/**
 * The analytics beacon's report of a page view (ui/beacon.tsx): 204 at once whether the view was counted or
 * dropped (bots, prefetches, the admin), 503 when the batch buffer is full (shed, nothing stored). Throws a
 * ZodError on a malformed body (the API's 400 with the field). Sets no cookie and stores no address or user
 * agent. One implementation for both ways a hit arrives: the route handler below (any `next start`, dev) and
 * the launcher's server, which answers the hit before Next.js routes it (scripts/hit-fast-path.ts).
 */
export async function answerHitReport(db: DbClient, headers: Headers, body: string): Promise<HitAnswer> {
  const outcome = await recordHit(db, { headers }, parsed(body));
  return outcome === "shed"
    ? { status: 503, headers: { "cache-control": "no-store", "retry-after": "5" } }
    : { status: 204, headers: { "cache-control": "no-store" } };
}

/** The report as a route handler (src/app/api/analytics/hit/route.ts): the API's error answers around it. */
export const hitEndpoint = (db: DbClient) =>
  route("public", async (req) => new Response(null, await answerHitReport(db, req.headers, await req.text())));
