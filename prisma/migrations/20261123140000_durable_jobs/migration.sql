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
