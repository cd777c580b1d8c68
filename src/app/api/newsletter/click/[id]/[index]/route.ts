import { countable, visitorOf } from "~/features/analytics/index.ts";
import { recordClick } from "~/features/newsletter/index.ts";
import { clickInputSchema } from "~/features/newsletter/schema.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

const handler = route<{ id: string; index: string }>("public", async (req, { params }) => {
  const query = new URL(req.url).searchParams;
  const input = clickInputSchema.parse({
    ...params,
    lang: query.get("lang") ?? undefined,
    to: query.get("to") ?? undefined,
  });
  const now = new Date(); // one clock for the salt's day and the day the click is kept under
  const visitor = countable(req) ? await visitorOf(db, req.headers, now) : null;
  const target = await recordClick(db, input, visitor, now);
  return new Response(null, {
    status: 302,
    headers: { location: target, "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
});

/**
 * A newsletter link: counts the click on that item once per reader and day (an aggregate counter; see
 * recordClick) and redirects to the item's page or one of its listed sources. No cookie is set and nothing
 * is cached. HEAD, bots and prefetches are redirected alike but not counted.
 */
export const GET = handler;
export const HEAD = handler;
