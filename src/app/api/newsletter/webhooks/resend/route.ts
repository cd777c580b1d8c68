import { NextResponse } from "next/server";
import { env } from "~/env.js";
import { db } from "~/server/db.ts";
import { AppError } from "~/server/errors.ts";
import { handleResendWebhook } from "~/server/services/email/webhook.ts";

export const dynamic = "force-dynamic";

/** Resend delivery events (signed, Standard Webhooks): bounces and complaints suppress the address. */
export async function POST(req: Request) {
  const raw = await req.text();
  try {
    const result = await handleResendWebhook(db, env.RESEND_WEBHOOK_SECRET, raw, req.headers);
    return NextResponse.json(result);
  } catch (err) {
    if (err instanceof AppError)
      return NextResponse.json({ error: err.message, code: err.code }, { status: err.status });
    throw err;
  }
}
