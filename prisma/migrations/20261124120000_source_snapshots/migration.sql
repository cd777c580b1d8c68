-- Source snapshots: what each grounded draft was written from (owned by publications)
CREATE TABLE "source_snapshots" (
    "id" TEXT NOT NULL,
    "run_id" TEXT,
    "article_id" TEXT,
    "url" TEXT NOT NULL,
    "final_url" TEXT NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "http_status" INTEGER,
    "failure_reason" TEXT,
    "failure_detail" TEXT,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "content_hash" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL DEFAULT '',
    "kind" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,
    "checked_at" TIMESTAMPTZ(3),
    "check_state" TEXT,
    "check_detail" TEXT,
    "check_final_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "source_snapshots_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "source_snapshots_article_id_url_fetched_at_idx" ON "source_snapshots"("article_id", "url", "fetched_at" DESC);
CREATE INDEX "source_snapshots_run_id_idx" ON "source_snapshots"("run_id");
CREATE INDEX "source_snapshots_check_state_idx" ON "source_snapshots"("check_state");
ALTER TABLE "source_snapshots" ADD CONSTRAINT "source_snapshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "source_snapshots" ADD CONSTRAINT "source_snapshots_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Verification report stored with each revision, and findings an editor confirmed on approval
ALTER TABLE "article_revisions" ADD COLUMN "verification_status" TEXT;
ALTER TABLE "article_revisions" ADD COLUMN "verification" JSONB;
ALTER TABLE "article_revisions" ADD COLUMN "confirmed_findings" TEXT[];
