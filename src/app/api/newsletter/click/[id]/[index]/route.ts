import { recordClick } from "~/features/newsletter/index.ts";
import { clickInputSchema } from "~/features/newsletter/schema.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

/**
 * A newsletter link: counts the click on that item (an aggregate counter, nothing about the reader) and
 * redirects to the item's page or one of its listed sources. No cookie is set and nothing is cached, so each
 * click counts once.
 */
export const GET = route<{ id: string; index: string }>("public", async (req, { params }) => {
  const query = new URL(req.url).searchParams;
  const input = clickInputSchema.parse({
    ...params,
    lang: query.get("lang") ?? undefined,
    to: query.get("to") ?? undefined,
  });
  const target = await recordClick(db, input);
  return new Response(null, {
    status: 302,
    headers: { location: target, "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
});
