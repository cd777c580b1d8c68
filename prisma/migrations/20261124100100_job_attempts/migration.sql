-- Each attempt of a run with its times and reason (Trabajos shows the whole run, not its last attempt), the
-- crash takeovers that must not spend the run's retries, and the progress a job reports.
ALTER TABLE "job_runs" ADD COLUMN "takeovers" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "progress_done" INTEGER,
ADD COLUMN "progress_total" INTEGER;

CREATE TABLE "job_attempts" (
    "run_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "worker_id" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "reason" TEXT,

    CONSTRAINT "job_attempts_pkey" PRIMARY KEY ("run_id","attempt")
);
