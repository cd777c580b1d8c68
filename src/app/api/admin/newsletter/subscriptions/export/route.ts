import { getSessionFromHeaders } from "~/server/auth/get-session.ts";
import { db } from "~/server/db.ts";
import { subscriptionsCsv } from "~/server/services/newsletter/subscriptions-admin.ts";

export const dynamic = "force-dynamic";

/** CSV export of every subscription (admins only), streamed page by page. */
export async function GET(req: Request) {
  const session = await getSessionFromHeaders(req.headers);
  if (!session) return Response.json({ error: "Authentication required", code: "UNAUTHORIZED" }, { status: 401 });
  if (session.user.role !== "admin")
    return Response.json({ error: "Admin role required", code: "FORBIDDEN" }, { status: 403 });
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
}
