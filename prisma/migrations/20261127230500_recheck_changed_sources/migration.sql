-- Changed sources: the link check stores a source's new copy when its text changed, verifies the article again,
-- and records here the figures and quotations that held against the old copy and no longer hold.
CREATE TABLE "changed_sources" (
    "id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "old_snapshot_id" TEXT NOT NULL,
    "new_snapshot_id" TEXT NOT NULL,
    "claims" JSONB NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewed_at" TIMESTAMPTZ(3),
    "reviewed_by_id" TEXT,
    "reviewed_by_name" TEXT,

    CONSTRAINT "changed_sources_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "changed_sources_reviewed_at_found_at_idx" ON "changed_sources"("reviewed_at", "found_at" DESC);
CREATE INDEX "changed_sources_article_id_idx" ON "changed_sources"("article_id");

ALTER TABLE "changed_sources" ADD CONSTRAINT "changed_sources_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The link check's cadence: recent articles daily, older ones weekly (a singleton row, editable by admins).
CREATE TABLE "link_check_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "recent_days" INTEGER NOT NULL DEFAULT 30,
    "recent_every_days" INTEGER NOT NULL DEFAULT 1,
    "older_every_days" INTEGER NOT NULL DEFAULT 7,

    CONSTRAINT "link_check_settings_pkey" PRIMARY KEY ("id")
);
