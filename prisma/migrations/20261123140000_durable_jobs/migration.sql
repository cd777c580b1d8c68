-- Durable background jobs on the embedded engine (pg-boss keeps its own tables in schema "pgboss").
CREATE TABLE "job_runs" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "worker_id" TEXT NOT NULL,
    "step" TEXT,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "job_runs_heartbeat_at_idx" ON "job_runs"("heartbeat_at");

CREATE TABLE "job_steps" (
    "run_id" UUID NOT NULL,
    "step_id" TEXT NOT NULL,
    "output" JSONB,
    "finished_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_steps_pkey" PRIMARY KEY ("run_id","step_id")
);

CREATE TABLE "job_schedule_fires" (
    "name" TEXT NOT NULL,
    "slot" TIMESTAMPTZ(3) NOT NULL,
    "run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_schedule_fires_pkey" PRIMARY KEY ("name","slot")
);

-- Under Inngest: the app's record of each function run (for the operators' view and dashboard links).
CREATE TABLE "inngest_runs" (
    "run_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "step" TEXT,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "inngest_runs_pkey" PRIMARY KEY ("run_id")
);
CREATE INDEX "inngest_runs_started_at_idx" ON "inngest_runs"("started_at" DESC);
