/** Scheduled backups: the nightly backup and its verification, retention, the alerts and the admin's list. */
export { backupHealthJob, nightlyBackupJob } from "./jobs.ts";
export { adminBackupsRouter } from "./router.ts";
