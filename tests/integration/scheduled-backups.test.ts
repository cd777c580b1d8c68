import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { checkBackupHealth, MISSED_AFTER_MS } from "~/features/backups/health.ts";
import { backupsToKeep } from "~/features/backups/retention.ts";
import { type BackupDeps, pruneBackups, runScheduledBackup } from "~/features/backups/scheduled-backup.ts";
import { localMedia } from "~/platform/backup/media-files.ts";
import { verifyBackup } from "~/platform/backup/verify-backup.ts";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { previousFire } from "~/platform/jobs/jobs-client.ts";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * The nightly backup on real PostgreSQL: made, verified by a restore into a scratch cluster, kept by the
 * retention; a failed or missed one opens an alert, e-mailed to the editors once through the outbox, closed by
 * the next verified backup.
 */
const CRON = "TZ=Europe/Madrid 30 3 * * *";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "scheduled-backups-"));
let url: string;
let db: DbClient;
const deps = (over: Partial<BackupDeps> = {}): BackupDeps => ({
  databaseUrl: url,
  jobSchema: "pgboss",
  root: path.join(work, "backups"),
  keep: { daily: 7, weekly: 4 },
  media: localMedia(path.join(work, "media")),
  ...over,
});
const alertMails = () => db.emailMessage.findMany({ where: { tag: "backup-alert" } });

beforeAll(async () => {
  url = await freshDatabase(inject("adminDatabaseUrl"), "scheduled_backups", inject("migratedTemplate"));
  db = createPrismaClient(url);
  fs.mkdirSync(path.join(work, "media/2026/12"), { recursive: true });
  fs.writeFileSync(path.join(work, "media/2026/12/one.webp"), Buffer.from("RIFF-image"));
});

afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the nightly backup", () => {
  const first = previousFire(CRON, new Date("2026-12-01T12:00:00Z"));

  it("is made and verified by a restore into a scratch cluster, and its row says so", async () => {
    const result = await runScheduledBackup(db, first, deps());
    const run = await db.backupRun.findUniqueOrThrow({ where: { slot: first } });
    expect(run).toMatchObject({ status: "verified", name: result.name, tables: result.tables, error: null });
    expect(Number(run.bytes)).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(work, "backups", result.name, "manifest.json"))).toBe(true);
  }, 120_000);

  it("a failed backup opens an alert, mailed once through the outbox, closed by the next verified one", async () => {
    const slot = previousFire(CRON, new Date("2026-12-02T12:00:00Z"));
    const broken = deps({ databaseUrl: url.replace(/\/[^/]+$/, "/no_such_database") });
    await expect(runScheduledBackup(db, slot, broken)).rejects.toThrow(/no_such_database/);
    const failed = await db.backupRun.findUniqueOrThrow({ where: { slot } });
    expect(failed.status).toBe("failed");
    expect(fs.readdirSync(path.join(work, "backups")).filter((f) => f.startsWith("."))).toEqual([]);

    const at = new Date(slot.getTime() + 60_000);
    expect(await checkBackupHealth(db, at, CRON)).toMatchObject({ open: 1, mailed: 1 });
    expect(await checkBackupHealth(db, new Date(at.getTime() + 3_600_000), CRON)).toMatchObject({ mailed: 0 });
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Aviso de copias de seguridad: La copia de seguridad de las .+ ha fallado/);

    const next = previousFire(CRON, new Date("2026-12-03T12:00:00Z"));
    await runScheduledBackup(db, next, deps());
    expect(await checkBackupHealth(db, new Date(next.getTime() + 60_000), CRON)).toMatchObject({
      open: 0,
      resolved: 1,
    });
  }, 180_000);

  it("a slot that passed with no run is recorded as missed and mailed once", async () => {
    const slot = previousFire(CRON, new Date("2026-12-04T12:00:00Z"));
    expect(await checkBackupHealth(db, new Date(slot.getTime() + MISSED_AFTER_MS / 2), CRON)).toMatchObject({
      open: 0,
    });
    const late = new Date(slot.getTime() + MISSED_AFTER_MS + 60_000);
    expect(await checkBackupHealth(db, late, CRON)).toMatchObject({ open: 1, mailed: 1 });
    expect(await db.backupRun.findUniqueOrThrow({ where: { slot } })).toMatchObject({ status: "missed" });
    expect((await alertMails()).map((m) => m.subject).filter((s) => s.includes("no se hizo"))).toHaveLength(1);
  });
});

describe("retention", () => {
  const day = (d: number, hour = 3) => new Date(Date.UTC(2026, 10, d, hour, 30));

  it("keeps the newest of each of the last 7 days and of the last 4 weeks", () => {
    const backups = Array.from({ length: 30 }, (_, i) => ({ name: `b${i + 1}`, at: day(i + 1) }));
    backups.push({ name: "b30-early", at: day(30, 1) });
    const kept = backupsToKeep(backups, { daily: 7, weekly: 4 });
    // Days 24..30 (b30, not b30-early); the newest of the ISO weeks from Mon 30, 23, 16 and 9 November.
    expect([...kept].sort()).toEqual(["b15", "b22", "b24", "b25", "b26", "b27", "b28", "b29", "b30"]);
  });

  it("removes only backup folders the retention does not keep", () => {
    const root = path.join(work, "retention");
    for (let d = 1; d <= 10; d++)
      fs.mkdirSync(path.join(root, day(d).toISOString().replace(/[:.]/g, "-")), { recursive: true });
    fs.mkdirSync(path.join(root, "notes"));
    const removed = pruneBackups(root, { daily: 3, weekly: 0 });
    expect(removed).toHaveLength(7);
    expect(fs.readdirSync(root).sort()).toEqual([
      "2026-11-08T03-30-00-000Z",
      "2026-11-09T03-30-00-000Z",
      "2026-11-10T03-30-00-000Z",
      "notes",
    ]);
  });
});

describe("verifyBackup", () => {
  it("fails a backup whose rows do not read back as its manifest recorded them", async () => {
    const [name] = fs.readdirSync(path.join(work, "backups")).filter((f) => /^\d{4}-/.test(f));
    const copy = path.join(work, "tampered");
    fs.cpSync(path.join(work, "backups", name!), copy, { recursive: true });
    const manifestFile = path.join(copy, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
    const articles = manifest.tables.find((t: { name: string }) => t.name === "articles");
    articles.dataSha256 = "0".repeat(64);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(verifyBackup(copy)).rejects.toThrow(/the restored backup differs: public\.articles: rows differ/);
  }, 120_000);
});
