-- Replies from the fediverse to our articles (moderated by the desk), and likes/boosts of them, one row per activity.
CREATE TABLE "fediverse_replies" (
    "id" TEXT NOT NULL,
    "object_uri" TEXT NOT NULL,
    "activity_uri" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "author_uri" TEXT NOT NULL,
    "author_handle" TEXT NOT NULL,
    "author_url" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "published" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fediverse_replies_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "fediverse_reactions" (
    "activity_uri" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "actor_uri" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_reactions_pkey" PRIMARY KEY ("activity_uri")
);

CREATE UNIQUE INDEX "fediverse_replies_object_uri_key" ON "fediverse_replies"("object_uri");
CREATE INDEX "fediverse_replies_status_created_at_idx" ON "fediverse_replies"("status", "created_at" DESC);
CREATE INDEX "fediverse_replies_article_id_status_idx" ON "fediverse_replies"("article_id", "status");
CREATE INDEX "fediverse_replies_author_uri_idx" ON "fediverse_replies"("author_uri");
CREATE INDEX "fediverse_reactions_article_id_kind_idx" ON "fediverse_reactions"("article_id", "kind");
CREATE INDEX "fediverse_reactions_actor_uri_idx" ON "fediverse_reactions"("actor_uri");

ALTER TABLE "fediverse_replies" ADD CONSTRAINT "fediverse_replies_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "fediverse_reactions" ADD CONSTRAINT "fediverse_reactions_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
