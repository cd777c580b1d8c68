import { SESSION_COOKIES } from "~/platform/auth/cookie-names.js";
import { getSessionFromHeaders } from "~/platform/auth/get-session.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { isAutomated, isPrefetch } from "./exclusion.ts";
import { bufferHit } from "./hit-buffer.ts";
import { hitFields } from "./hit-fields.ts";
import { hitInputSchema } from "./schema.ts";
import { visitorOf } from "./visitor.ts";

/** How a beacon's report ended: stored (buffered), dropped on purpose, or shed because the buffer is full. */
export type HitOutcome = "stored" | "dropped" | "shed";

/** The admin reading the site is no reader; only requests carrying a session cookie are looked up. */
async function isEditor(headers: Headers): Promise<boolean> {
  const cookie = headers.get("cookie") ?? "";
  if (!SESSION_COOKIES.some((name) => cookie.includes(`${name}=`))) return false;
  const session = await getSessionFromHeaders(headers);
  return session?.user.role === "admin";
}

/**
 * One beacon report: bots, prefetches, the admin and pages that are no reader's are dropped; a reader's view
 * goes to the batch buffer. Throws a ZodError on a malformed body (the route answers 400).
 */
export async function recordHit(
  db: DbClient,
  req: { headers: Headers },
  body: unknown,
  now = new Date(),
): Promise<HitOutcome> {
  const input = hitInputSchema.parse(body);
  if (isAutomated(req.headers) || isPrefetch(req.headers) || (await isEditor(req.headers))) return "dropped";
  const userAgent = req.headers.get("user-agent") ?? "";
  const ownHost = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  const row = hitFields(input, { userAgent, ownHost, at: now, visitor: await visitorOf(db, req.headers, now) });
  if (!row) return "dropped";
  return bufferHit(db, row) ? "stored" : "shed";
}
