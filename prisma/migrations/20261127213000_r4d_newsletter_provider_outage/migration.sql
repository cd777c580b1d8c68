-- A send that waits out an e-mail provider outage, and pauses once it lasts too long.
ALTER TYPE "NewsletterStatus" ADD VALUE IF NOT EXISTS 'paused';
ALTER TABLE "newsletters" ADD COLUMN "provider_down_since" TIMESTAMPTZ(3);
ALTER TABLE "newsletters" ADD COLUMN "provider_retry_at" TIMESTAMPTZ(3);
