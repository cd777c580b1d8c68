import { clearedSessionCookies } from "~/server/auth/session-cookie.ts";

// More specific than next-auth's /api/auth/[...nextauth]. Answered here rather than through the REST adapter
// because logout must succeed whatever the client sends (no body, no content type, an expired cookie).
export const dynamic = "force-dynamic";

export function POST(): Response {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  for (const cookie of clearedSessionCookies()) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify({ success: true }), { status: 200, headers });
}
