import EditorsAlert from "@emails/newsletter-alert.tsx";
import { createElement } from "react";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { localeHomeUrl } from "~/platform/http/site-url.ts";
import { renderEmail } from "./render.ts";
import { sendEmail } from "./send-email.ts";

/** An e-mail claim older than this was left by a process that died mid-send: another check may retry it. */
export const ALERT_CLAIM_LEASE_MS = 5 * 60 * 1000;

/** The alert's row, as its owner keeps it: each feature claims and marks its own table. */
export interface AlertRow {
  /** A conditional update with a lease: true when this process may send (two instances never both do). */
  claim(leaseCutoff: Date): Promise<boolean>;
  /** Undoes the claim after a failed send, so the next check tries again. */
  release(): Promise<void>;
  markSent(): Promise<void>;
}

export interface AlertMail {
  title: string;
  message: string;
  subject: string;
  /** The admin tab the e-mail links to, e.g. "/admin/trabajos". */
  adminPath: string;
  tag: string;
  /** Also the provider's idempotency key: a crash between its accepting the mail and the row's mark sends nothing twice. */
  key: string;
  via?: "outbox";
}

/**
 * Mails one alert to the editors unless it was mailed already (the newsletter's and the backups' alerts): claim,
 * render the editors' alert e-mail, send through the one sending path, mark; a failed send releases the claim.
 */
export async function mailEditorsOnce(
  db: DbClient,
  row: AlertRow,
  mail: () => Promise<AlertMail>,
  now = new Date(),
): Promise<boolean> {
  if (!(await row.claim(new Date(now.getTime() - ALERT_CLAIM_LEASE_MS)))) return false;
  try {
    const m = await mail();
    const home = localeHomeUrl("es");
    const { html, text } = await renderEmail(
      createElement(EditorsAlert, {
        siteUrl: home,
        adminUrl: `${home}${m.adminPath}`,
        title: m.title,
        message: m.message,
      }),
    );
    await sendEmail(db, {
      to: env.EDITORS_EMAIL,
      subject: m.subject,
      html,
      text,
      tag: m.tag,
      idempotencyKey: m.key.slice(0, 256),
      via: m.via,
    });
  } catch (err) {
    await row.release();
    throw err;
  }
  await row.markSent();
  return true;
}
