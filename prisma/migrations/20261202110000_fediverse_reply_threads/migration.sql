-- Replies to replies: the top-level reply a reply is shown under (deeper answers are flattened under it). A
-- removed top-level reply leaves its answers on their own, as Mastodon keeps replies to a deleted post.
ALTER TABLE "fediverse_replies" ADD COLUMN "thread_id" TEXT;

CREATE INDEX "fediverse_replies_thread_id_idx" ON "fediverse_replies"("thread_id");

ALTER TABLE "fediverse_replies" ADD CONSTRAINT "fediverse_replies_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "fediverse_replies"("id") ON DELETE SET NULL ON UPDATE CASCADE;
