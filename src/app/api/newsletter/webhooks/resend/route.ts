import { NextResponse } from "next/server";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { route } from "~/platform/http/route.ts";
import { handleResendWebhook } from "~/server/services/email/webhook.ts";

export const dynamic = "force-dynamic";

/** Resend delivery events (signed, Standard Webhooks): bounces and complaints suppress the address. */
export const POST = route("signed", async (req) => {
  const raw = await req.text();
  return NextResponse.json(await handleResendWebhook(db, env.RESEND_WEBHOOK_SECRET, raw, req.headers));
});
