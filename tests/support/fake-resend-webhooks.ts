import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Delivery } from "./fake-resend.ts";

type EventType = "email.delivered" | "email.bounced" | "email.complained";

/** The body Resend posts for an e-mail event: the e-mail's id, recipients, subject and tags (as an object). */
export function resendEvent(type: EventType, d: Delivery) {
  return {
    type,
    created_at: new Date().toISOString(),
    data: {
      email_id: d.emailId ?? randomUUID(),
      from: "Riesgos IA <newsletter@riesgos-ia.example>",
      to: [d.to],
      subject: d.subject,
      created_at: new Date().toISOString(),
      tags: Object.fromEntries((d.tags ?? []).map((t) => [t.name, t.value])),
    },
  };
}

/** Standard Webhooks headers (webhook-id, -timestamp, -signature) for a body, signed with the endpoint's secret. */
export function signedHeaders(secret: string, body: string, id = `msg_${randomUUID()}`): Record<string, string> {
  const at = new Date();
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

/**
 * What Resend does after accepting mail: posts one signed event per delivery to the site's webhook endpoint.
 * Answers the statuses the site gave.
 */
export async function postResendWebhooks(endpoint: string, secret: string, type: EventType, deliveries: Delivery[]) {
  const statuses: number[] = [];
  for (const d of deliveries) {
    const body = JSON.stringify(resendEvent(type, d));
    const res = await fetch(endpoint, { method: "POST", headers: signedHeaders(secret, body), body });
    statuses.push(res.status);
  }
  return statuses;
}
