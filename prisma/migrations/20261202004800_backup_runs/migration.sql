-- Scheduled backups: one row per schedule slot (made, verified, failed or missed), with its alert's e-mail state.
CREATE TABLE "backup_runs" (
    "id" TEXT NOT NULL,
    "slot" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL,
    "name" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "tables" INTEGER,
    "rows" BIGINT,
    "bytes" BIGINT,
    "error" TEXT,
    "alert_claimed_at" TIMESTAMPTZ(3),
    "alert_notified_at" TIMESTAMPTZ(3),
    "alert_resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "backup_runs_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "backup_runs_slot_key" ON "backup_runs"("slot");

CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs"("started_at" DESC);
