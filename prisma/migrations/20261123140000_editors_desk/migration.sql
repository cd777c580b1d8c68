-- Scheduled publishing
ALTER TABLE "articles" ADD COLUMN "publish_at" TIMESTAMPTZ(3);
CREATE INDEX "articles_publish_at_idx" ON "articles"("publish_at");
-- A schedule belongs to an unpublished article: every public read requires status 'published', so a
-- scheduled article cannot show before the publish-due job publishes it (and clears publish_at).
ALTER TABLE "articles" ADD CONSTRAINT "articles_published_not_scheduled" CHECK ("status" <> 'published' OR "publish_at" IS NULL);

-- Article revisions
CREATE TABLE "article_revisions" (
    "id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT NOT NULL,
    "fields" TEXT[],
    "before" JSONB NOT NULL DEFAULT '{}',
    "after" JSONB NOT NULL DEFAULT '{}',
    "restored_from" TEXT,
    "confirmed_unofficial_sources" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "article_revisions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_revisions_article_id_created_at_idx" ON "article_revisions"("article_id", "created_at" DESC);
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Audit trail
CREATE TABLE "audit_entries" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "outcome" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_entries_created_at_idx" ON "audit_entries"("created_at" DESC);
CREATE INDEX "audit_entries_action_created_at_idx" ON "audit_entries"("action", "created_at" DESC);
CREATE INDEX "audit_entries_actor_name_created_at_idx" ON "audit_entries"("actor_name", "created_at" DESC);
CREATE INDEX "audit_entries_target_id_created_at_idx" ON "audit_entries"("target_id", "created_at" DESC);

-- The trail is append-only: whatever the application (or a bug in it) tries, rows cannot be changed or removed.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
