import { mailEditorsOnce } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { previousFire } from "~/platform/jobs/jobs-client.ts";
import { liveSendRuns } from "../send/send-control.ts";

/** A send with no progress (no batch marked, so no change to the row) for this long is stalled. */
export const STALL_MS = 10 * 60 * 1000;
/** Failures older than this are history, not news (a first deploy does not mail about last year's). */
const FAILED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Every Friday at 00:00 and 12:00, Madrid time: the Top 5 is due out by noon. */
const FRIDAY_START = "TZ=Europe/Madrid 0 0 * * 5";
const FRIDAY_NOON = "TZ=Europe/Madrid 0 12 * * 5";

export type AlertKind = "failed" | "stalled" | "missed" | "provider_outage";
interface Condition {
  key: string;
  kind: AlertKind;
  newsletter_id: string | null;
  detail: string;
}

const madridDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at)
    .slice(0, 10);

const madridTime = (at: Date) =>
  new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit" }).format(at);

/** A Friday past noon (Madrid) with nothing sent since that Friday began. Null on any other day or hour. */
async function missedFriday(db: DbClient, now: Date): Promise<Condition | null> {
  const noon = previousFire(FRIDAY_NOON, now);
  const start = previousFire(FRIDAY_START, now);
  // Same Friday only: after midnight the question is next week's.
  if (madridDay(noon) !== madridDay(now) || start > noon) return null;
  if ((await sentSince(db, start)) > 0) return null;
  if (await sendUnderWay(db)) return null;
  return { key: `missed:${madridDay(now)}`, kind: "missed", newsletter_id: null, detail: start.toISOString() };
}

/**
 * A newsletter being sent right now: `sending` with a live job behind it (queued, retrying or running), on
 * either jobs provider. A send stuck in `sending` with nothing behind it is not under way: the Friday is still
 * missed.
 */
async function sendUnderWay(db: DbClient): Promise<boolean> {
  const sending = await db.newsletter.findMany({ where: { status: "sending" }, select: { id: true } });
  for (const n of sending) if ((await liveSendRuns(db, n.id)).length > 0) return true;
  return false;
}

const sentSince = (db: DbClient, since: Date) =>
  db.newsletter.count({ where: { status: "sent", sent_at: { gte: since } } });

/**
 * What is wrong right now: failed sends, stalled sends, a missed Friday, a send that has waited for the e-mail
 * provider longer than NEWSLETTER_OUTAGE_ALERT_MS (still retrying, or paused). Keys change when the situation
 * does (a new outage is a new alert).
 */
async function currentConditions(db: DbClient, now: Date): Promise<Condition[]> {
  const [failed, stalled, outages] = await Promise.all([
    db.newsletter.findMany({
      where: { status: "failed", updated_at: { gte: new Date(now.getTime() - FAILED_WINDOW_MS) } },
      select: { id: true, updated_at: true, failure_reason: true },
    }),
    db.newsletter.findMany({
      where: { status: "sending", updated_at: { lt: new Date(now.getTime() - STALL_MS) } },
      select: { id: true, updated_at: true, sent_count: true, recipient_count: true },
    }),
    db.newsletter.findMany({
      where: {
        status: { in: ["sending", "paused"] },
        provider_down_since: { lte: new Date(now.getTime() - env.NEWSLETTER_OUTAGE_ALERT_MS) },
      },
      select: { id: true, provider_down_since: true },
    }),
  ]);
  const missed = await missedFriday(db, now);
  return [
    ...failed.map((n) => ({
      key: `failed:${n.id}:${n.updated_at.getTime()}`,
      kind: "failed" as const,
      newsletter_id: n.id,
      detail: (n.failure_reason ?? "").slice(0, 500),
    })),
    ...stalled.map((n) => ({
      key: `stalled:${n.id}:${n.updated_at.getTime()}`,
      kind: "stalled" as const,
      newsletter_id: n.id,
      detail: `${n.sent_count}/${n.recipient_count}`,
    })),
    ...outages.map((n) => ({
      key: `provider_outage:${n.id}:${n.provider_down_since!.getTime()}`,
      kind: "provider_outage" as const,
      newsletter_id: n.id,
      detail: n.provider_down_since!.toISOString(),
    })),
    ...(missed ? [missed] : []),
  ];
}

/**
 * The health check (every minute): opens an alert for each new condition, closes those that cleared (a failed
 * or stalled send that moved on; a missed Friday once a newsletter went out), then e-mails the editors about
 * each open alert not mailed yet. Alerts live in the database, so "once" holds across restarts and instances.
 */
export async function checkNewsletterHealth(db: DbClient, now = new Date()) {
  const conditions = await currentConditions(db, now);
  const current = new Set(conditions.map((c) => c.key));
  if (conditions.length) await db.newsletterAlert.createMany({ data: conditions, skipDuplicates: true });
  const open = await db.newsletterAlert.findMany({ where: { resolved_at: null } });
  let resolved = 0;
  for (const alert of open) {
    const cleared =
      alert.kind === "missed" ? (await sentSince(db, new Date(alert.detail ?? 0))) > 0 : !current.has(alert.key);
    if (!cleared) continue;
    await db.newsletterAlert.updateMany({ where: { key: alert.key, resolved_at: null }, data: { resolved_at: now } });
    resolved++;
  }
  let mailed = 0;
  let failedMail: unknown;
  for (const alert of await db.newsletterAlert.findMany({ where: { resolved_at: null, notified_at: null } })) {
    // One alert whose mail fails (the provider is down) must not hold up the others (the outage's own goes
    // through the outbox); the next check tries it again, and the error still fails this check.
    try {
      if (await notifyEditors(db, alert.key, now)) mailed++;
    } catch (err) {
      failedMail ??= err;
    }
  }
  if (failedMail) throw failedMail;
  return { conditions: conditions.length, resolved, mailed };
}

/** What an alert says, in the admin's words (the banner and the e-mail use the same catalog entry). */
export async function alertMessage(
  db: DbClient,
  alert: { kind: string; newsletter_id: string | null; detail: string | null },
  locale: "es" | "en",
) {
  const t = translatorFor(locale, "adminNewsletters");
  const n = alert.newsletter_id
    ? await db.newsletter.findUnique({ where: { id: alert.newsletter_id }, select: { subject_es: true } })
    : null;
  const subject = n?.subject_es ?? "—";
  if (alert.kind === "failed") return t("alerts.failed", { subject, detail: alert.detail ?? "" });
  if (alert.kind === "stalled") return t("alerts.stalled", { subject, detail: alert.detail ?? "" });
  if (alert.kind === "provider_outage")
    return t("alerts.provider_outage", { subject, since: madridTime(new Date(alert.detail ?? 0)) });
  return t("alerts.missed", { detail: alert.detail ? madridDay(new Date(alert.detail)) : "" });
}

/** Mails one alert to the editors unless it was mailed already (the claim and mark on this feature's table). */
function notifyEditors(db: DbClient, key: string, now: Date): Promise<boolean> {
  const row = {
    claim: async (leaseCutoff: Date) => {
      const claimed = await db.newsletterAlert.updateMany({
        where: {
          key,
          notified_at: null,
          OR: [{ notify_claimed_at: null }, { notify_claimed_at: { lt: leaseCutoff } }],
        },
        data: { notify_claimed_at: now },
      });
      return claimed.count > 0;
    },
    release: async () => {
      await db.newsletterAlert.updateMany({ where: { key, notified_at: null }, data: { notify_claimed_at: null } });
    },
    markSent: async () => {
      await db.newsletterAlert.update({ where: { key }, data: { notified_at: new Date() } });
    },
  };
  return mailEditorsOnce(
    db,
    row,
    async () => {
      const alert = await db.newsletterAlert.findUniqueOrThrow({ where: { key } });
      const message = await alertMessage(db, alert, "es");
      return {
        title: translatorFor("es", "adminNewsletters")("alertsTitle"),
        message,
        subject: translatorFor("es", "emails")("alertSubject", { title: message.slice(0, 120) }),
        adminPath: "/admin/newsletters",
        tag: "newsletter-alert",
        key: `newsletter-alert-${key}`,
        // About the provider itself: it cannot carry the news of its own outage.
        via: alert.kind === "provider_outage" ? "outbox" : undefined,
      };
    },
    now,
  );
}

/** The open alerts for the admin's banner, newest first, in the admin's language. */
export async function openAlerts(db: DbClient, locale: "es" | "en") {
  const rows = await db.newsletterAlert.findMany({
    where: { resolved_at: null },
    orderBy: { created_at: "desc" },
    take: 20,
  });
  return Promise.all(
    rows.map(async (a) => ({
      key: a.key,
      kind: a.kind as AlertKind,
      newsletter_id: a.newsletter_id,
      message: await alertMessage(db, a, locale),
      created_at: a.created_at,
      emailed: a.notified_at !== null,
    })),
  );
}
