-- Who took editorial responsibility for an article (approved, scheduled, or reviewed after an auto-publish), and when.
ALTER TABLE "article_revisions" ADD COLUMN "approved_by_id" TEXT;
ALTER TABLE "article_revisions" ADD COLUMN "approved_by_name" TEXT;
ALTER TABLE "article_revisions" ADD COLUMN "approved_at" TIMESTAMPTZ(3);

-- The trust settings: whether public-interest matters may be auto-published (not by default), and /trust.txt.
CREATE TABLE "trust_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "auto_publish_public_interest" BOOLEAN NOT NULL DEFAULT false,
    "contact_url" TEXT,
    "social" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "belongto" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "data_training_allowed" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trust_settings_pkey" PRIMARY KEY ("id")
);
