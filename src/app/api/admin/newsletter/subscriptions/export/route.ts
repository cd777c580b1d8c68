import { subscriptionsCsv } from "~/features/newsletter/index.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

/** CSV export of every subscription (admins only), streamed page by page. */
export const GET = route("admin", () => {
  const rows = subscriptionsCsv(db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="suscripciones-${date}.csv"`,
      "cache-control": "no-store",
    },
  });
});
