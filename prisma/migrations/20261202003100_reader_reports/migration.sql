-- Readers' error reports ("¿Has visto un error?") and what the desk did with each.
CREATE TABLE "reader_reports" (
    "id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "source_url" TEXT,
    "email" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "status" TEXT NOT NULL DEFAULT 'open',
    "dismiss_reason" TEXT,
    "reply" TEXT,
    "handled_by" TEXT,
    "handled_at" TIMESTAMPTZ(3),
    "correction_notified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reader_reports_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "reader_reports_status_created_at_idx" ON "reader_reports"("status", "created_at" DESC);
CREATE INDEX "reader_reports_article_id_idx" ON "reader_reports"("article_id");
ALTER TABLE "reader_reports" ADD CONSTRAINT "reader_reports_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
