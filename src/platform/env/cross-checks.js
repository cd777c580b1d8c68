/**
 * The rules that read several variables at once, checked after each is valid on its own (env.js).
 * Inngest in production: the dev mode (no request signing) is refused, and so is Inngest without the key that
 * lets /api/inngest verify Inngest's calls.
 * @param {{
 *   NODE_ENV?: string; MEDIA_STORAGE?: string; S3_BUCKET?: string; HTTP_HEADERS_TIMEOUT_MS: number;
 *   HTTP_REQUEST_TIMEOUT_MS: number; FEDIVERSE_ALLOW_PRIVATE_ADDRESS?: string; JOBS_PROVIDER?: string;
 *   INNGEST_EVENT_KEY?: string; INNGEST_BASE_URL?: string; INNGEST_DEV?: string; INNGEST_SIGNING_KEY?: string;
 *   NEXTAUTH_SECRET?: string;
 * }} v the parsed variables
 * @param {import("zod").RefinementCtx} ctx
 * @param {boolean} isServer
 */
export function crossChecks(v, ctx, isServer) {
  if (isServer && v.MEDIA_STORAGE === "s3" && !v.S3_BUCKET)
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when MEDIA_STORAGE=s3" });
  if (isServer && v.HTTP_HEADERS_TIMEOUT_MS > v.HTTP_REQUEST_TIMEOUT_MS)
    ctx.addIssue({
      code: "custom",
      path: ["HTTP_HEADERS_TIMEOUT_MS"],
      message: "must not exceed HTTP_REQUEST_TIMEOUT_MS (the request's time includes its headers')",
    });
  if (isServer && v.FEDIVERSE_ALLOW_PRIVATE_ADDRESS && v.NODE_ENV !== "test")
    ctx.addIssue({
      code: "custom",
      path: ["FEDIVERSE_ALLOW_PRIVATE_ADDRESS"],
      message: "is for tests only (NODE_ENV=test): it lets the fediverse reach private addresses",
    });
  if (isServer && v.JOBS_PROVIDER === "inngest" && !(v.INNGEST_EVENT_KEY || v.INNGEST_BASE_URL || v.INNGEST_DEV))
    ctx.addIssue({
      code: "custom",
      path: ["JOBS_PROVIDER"],
      message: "inngest needs INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV (where to send the events)",
    });
  if (!isServer || v.NODE_ENV !== "production") return;
  // Every instance signs and reads the same sessions: one secret per instance would log readers out
  // whenever the load balancer switched them.
  if (!v.NEXTAUTH_SECRET)
    ctx.addIssue({
      code: "custom",
      path: ["NEXTAUTH_SECRET"],
      message:
        "is required in production with an external database (DATABASE_URL): set the same value (at least 32 characters) on every instance",
    });
  if (v.INNGEST_DEV)
    ctx.addIssue({
      code: "custom",
      path: ["INNGEST_DEV"],
      message: "must not be set in production (Inngest's dev mode does not verify signed requests)",
    });
  else if ((v.INNGEST_EVENT_KEY || v.INNGEST_BASE_URL) && !v.INNGEST_SIGNING_KEY)
    ctx.addIssue({
      code: "custom",
      path: ["INNGEST_SIGNING_KEY"],
      message: "is required in production when Inngest is enabled (INNGEST_EVENT_KEY or INNGEST_BASE_URL)",
    });
}
