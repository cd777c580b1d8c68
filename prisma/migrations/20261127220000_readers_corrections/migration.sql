-- Public corrections: an edit of a published article that changes what readers were told carries a correction
-- note (Spanish, English optional), shown at the end of the article and on /correcciones; a typo-level edit
-- carries the editor's explicit choice instead.
ALTER TABLE "article_revisions" ADD COLUMN "correction_es" TEXT;
ALTER TABLE "article_revisions" ADD COLUMN "correction_en" TEXT;
ALTER TABLE "article_revisions" ADD COLUMN "typo_fix" BOOLEAN NOT NULL DEFAULT false;
