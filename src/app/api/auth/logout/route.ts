import { clearedSessionCookies, sessionTokenFromHeaders } from "~/platform/auth/session-cookie.ts";
import { revokeSession } from "~/platform/auth/sessions.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";
import { requestLog } from "~/platform/log/logger.ts";

// More specific than next-auth's /api/auth/[...nextauth]. Answered here rather than through the REST adapter
// because logout must succeed whatever the client sends (no body, no content type, an expired cookie).
export const dynamic = "force-dynamic";

export const POST = route("public", async (req) => {
  const token = sessionTokenFromHeaders(req.headers);
  // The session ends in the database, so a copy of the cookie is worthless from now on.
  if (token)
    await revokeSession(db, token).catch((err: unknown) =>
      requestLog(req.headers).child({ scope: "auth" }).error({ err }, "logout failed"),
    );
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  for (const cookie of clearedSessionCookies()) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify({ success: true }), { status: 200, headers });
});
