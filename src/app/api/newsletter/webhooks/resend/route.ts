import { NextResponse } from "next/server";
import { handleResendWebhook } from "~/features/mail/index.ts";
import { stopMailingSuppressed } from "~/features/newsletter/index.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

/**
 * Resend delivery events (signed, Standard Webhooks): bounces and complaints suppress the address. Wired
 * here, where both features meet: mail suppresses, the newsletter stops counting the address as subscribed.
 */
export const POST = route("signed", async (req) => {
  const raw = await req.text();
  return NextResponse.json(
    await handleResendWebhook(db, env.RESEND_WEBHOOK_SECRET, raw, req.headers, [stopMailingSuppressed]),
  );
});
