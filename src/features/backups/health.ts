import { mailEditorsOnce } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { previousFire } from "~/platform/jobs/jobs-client.ts";

/** A slot with no run this long after it fired is missed (the backup of a large site takes a while to start). */
export const MISSED_AFTER_MS = 2 * 60 * 60 * 1000;
const ALERTING = ["failed", "missed"];

const madridTime = (at: Date) =>
  new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", dateStyle: "short", timeStyle: "short" }).format(at);

/**
 * The backups' health (every hour): records the latest slot of the schedule as missed when no run came for it,
 * closes the alerts of failed or missed backups once a later one is verified, and e-mails the editors once
 * about each open one, through the one sending path (the outbox without a provider). A site whose schedule
 * never ran yet has nothing to miss: Trabajos says no backup has run.
 */
export async function checkBackupHealth(db: DbClient, now = new Date(), cron = env.BACKUP_CRON) {
  const slot = previousFire(cron, now);
  const ranBefore = await db.backupRun.count({ where: { slot: { lt: slot } } });
  if (ranBefore > 0 && now.getTime() - slot.getTime() > MISSED_AFTER_MS)
    await db.backupRun.createMany({
      data: [{ slot, status: "missed", started_at: slot, finished_at: now }],
      skipDuplicates: true,
    });
  const open = await db.backupRun.findMany({ where: { status: { in: ALERTING }, alert_resolved_at: null } });
  let resolved = 0;
  for (const alert of open) {
    const later = await db.backupRun.count({ where: { status: "verified", slot: { gt: alert.slot } } });
    if (later === 0) continue;
    await db.backupRun.update({ where: { id: alert.id }, data: { alert_resolved_at: now } });
    resolved++;
  }
  let mailed = 0;
  const unmailed = await db.backupRun.findMany({
    where: { status: { in: ALERTING }, alert_resolved_at: null, alert_notified_at: null },
  });
  for (const alert of unmailed) if (await notifyEditors(db, alert.id, now)) mailed++;
  return { open: open.length - resolved, resolved, mailed };
}

/** What an alert says, in the admin's words (the admin's list and the e-mail use the same catalog entry). */
export function backupAlertMessage(run: { status: string; slot: Date; error: string | null }, locale: "es" | "en") {
  const t = translatorFor(locale, "adminBackups");
  const slot = madridTime(run.slot);
  return run.status === "failed" ? t("alerts.failed", { slot, detail: run.error ?? "" }) : t("alerts.missed", { slot });
}

/** Mails one alert unless it was mailed already (the claim and mark on this feature's table). */
function notifyEditors(db: DbClient, id: string, now: Date): Promise<boolean> {
  const row = {
    claim: async (leaseCutoff: Date) => {
      const claimed = await db.backupRun.updateMany({
        where: {
          id,
          alert_notified_at: null,
          OR: [{ alert_claimed_at: null }, { alert_claimed_at: { lt: leaseCutoff } }],
        },
        data: { alert_claimed_at: now },
      });
      return claimed.count > 0;
    },
    release: async () => {
      await db.backupRun.updateMany({ where: { id, alert_notified_at: null }, data: { alert_claimed_at: null } });
    },
    markSent: async () => {
      await db.backupRun.update({ where: { id }, data: { alert_notified_at: new Date() } });
    },
  };
  return mailEditorsOnce(
    db,
    row,
    async () => {
      const message = backupAlertMessage(await db.backupRun.findUniqueOrThrow({ where: { id } }), "es");
      return {
        title: translatorFor("es", "adminBackups")("alertsTitle"),
        message,
        subject: translatorFor("es", "emails")("backupAlertSubject", { title: message.slice(0, 120) }),
        adminPath: "/admin/trabajos",
        tag: "backup-alert",
        key: `backup-alert-${id}`,
      };
    },
    now,
  );
}
