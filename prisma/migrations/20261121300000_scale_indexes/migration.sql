-- CreateIndex
CREATE INDEX "articles_status_date_type_topics_tags_idx" ON "articles"("status", "date" DESC, "type", "topics", "tags");

-- CreateIndex
CREATE INDEX "articles_tags_idx" ON "articles" USING GIN ("tags");
