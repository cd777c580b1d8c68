import { NextResponse } from "next/server";
import { subscriberLocale, unsubscribe, unsubscribeUrl } from "~/features/newsletter/index.ts";
import { tokenSchema } from "~/features/newsletter/schema.ts";
import { db } from "~/platform/db/db.ts";
import { AppError } from "~/platform/errors.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the URL in the
 * List-Unsubscribe header (token in the query string). No session, no CSRF token: the unguessable token is
 * the authorisation. The answer is the same for unknown tokens, which change nothing.
 */
export const POST = route("token", async (req) => {
  const token = tokenSchema.safeParse(new URL(req.url).searchParams.get("token") ?? "");
  if (!token.success) throw new AppError("BAD_REQUEST", "token: invalid", { field: "token" });
  const result = await unsubscribe(db, token.data);
  return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
});

/**
 * A GET (a person clicking, or a link scanner) never unsubscribes: it shows the unsubscribe page instead,
 * in the subscriber's language.
 */
export const GET = route("token", async (req) => {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  const valid = tokenSchema.safeParse(token);
  const locale = valid.success ? await subscriberLocale(db, valid.data) : "es";
  return NextResponse.redirect(unsubscribeUrl(locale, token), 303);
});
