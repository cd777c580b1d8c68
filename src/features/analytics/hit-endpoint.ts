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

/**
 * The analytics beacon's report of a page view (ui/beacon.tsx). Answers 204 at once whether the view was
 * counted or dropped (bots, prefetches, the admin), 503 when the batch buffer is full (shed, nothing stored),
 * 400 for a malformed body. Sets no cookie and stores no address or user agent. One handler for both ways a
 * hit arrives: the route handler under src/app/api (any `next start`) and the launcher's server, which
 * answers the hit before Next.js routes it (scripts/hit-fast-path.ts).
 */
export const hitEndpoint = (db: DbClient) =>
  route("public", async (req) => {
    const outcome = await recordHit(db, req, parsed(await req.text()));
    return new Response(null, {
      status: outcome === "shed" ? 503 : 204,
      headers: { "cache-control": "no-store", ...(outcome === "shed" ? { "retry-after": "5" } : {}) },
    });
  });
