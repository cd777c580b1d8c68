import { recordHit } from "~/features/analytics/index.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

const MAX_BODY = 4096;

/** The body as JSON; anything unreadable becomes null, which the input schema refuses with a 400. */
function parsed(text: string): unknown {
  if (text.length > MAX_BODY) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The analytics beacon's report of a page view (src/features/analytics/ui/beacon.tsx). Answers 204 at once
 * whether the view was counted or dropped (bots, prefetches, the admin), 503 when the batch buffer is full
 * (shed, nothing stored), 400 for a malformed body. Sets no cookie and stores no address or user agent.
 */
export const POST = route("public", async (req) => {
  const outcome = await recordHit(db, req, parsed(await req.text()));
  return new Response(null, {
    status: outcome === "shed" ? 503 : 204,
    headers: { "cache-control": "no-store", ...(outcome === "shed" ? { "retry-after": "5" } : {}) },
  });
});
