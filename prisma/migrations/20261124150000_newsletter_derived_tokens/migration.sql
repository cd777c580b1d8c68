-- Newsletter links now carry tokens derived with an HMAC (src/features/newsletter/tokens.ts); nothing secret is
-- stored. The plaintext tokens already mailed become SHA-256 hashes, so those links keep working: unsubscribe
-- links for one year from this migration, confirmation links until their usual 7 days run out.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "token_generation" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "legacy_tokens_until" TIMESTAMPTZ(3);

ALTER TABLE "newsletter_subscriptions" RENAME COLUMN "confirmation_token" TO "legacy_confirmation_hash";
ALTER INDEX "newsletter_subscriptions_confirmation_token_key" RENAME TO "newsletter_subscriptions_legacy_confirmation_hash_key";
ALTER TABLE "newsletter_subscriptions" RENAME COLUMN "unsubscribe_token" TO "legacy_unsubscribe_hash";
ALTER TABLE "newsletter_subscriptions" ALTER COLUMN "legacy_unsubscribe_hash" DROP NOT NULL;
ALTER INDEX "newsletter_subscriptions_unsubscribe_token_key" RENAME TO "newsletter_subscriptions_legacy_unsubscribe_hash_key";

UPDATE "newsletter_subscriptions" SET
  "legacy_unsubscribe_hash" = encode(sha256(convert_to("legacy_unsubscribe_hash", 'UTF8')), 'hex'),
  "legacy_confirmation_hash" = CASE
    WHEN "legacy_confirmation_hash" IS NULL THEN NULL
    ELSE encode(sha256(convert_to("legacy_confirmation_hash", 'UTF8')), 'hex')
  END,
  "legacy_tokens_until" = now() + interval '1 year';
