-- The activity and keys of an outgoing delivery, once per fan-out instead of in each of its deliveries' rows and jobs.
CREATE TABLE "fediverse_task_bodies" (
    "id" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_task_bodies_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "fediverse_task_bodies_created_at_idx" ON "fediverse_task_bodies"("created_at");
