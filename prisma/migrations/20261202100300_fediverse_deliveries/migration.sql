CREATE TABLE "fediverse_deliveries" (
    "id" TEXT NOT NULL,
    "activity_id" TEXT NOT NULL,
    "activity_type" TEXT NOT NULL,
    "inbox" TEXT NOT NULL,
    "shared_inbox" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "status_code" INTEGER,
    "message" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "fediverse_deliveries_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "fediverse_deliveries_activity_id_inbox_key" ON "fediverse_deliveries"("activity_id", "inbox");

CREATE INDEX "fediverse_deliveries_status_updated_at_idx" ON "fediverse_deliveries"("status", "updated_at");

CREATE INDEX "fediverse_deliveries_updated_at_idx" ON "fediverse_deliveries"("updated_at");
