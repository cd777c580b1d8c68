-- The public archive's address of each newsletter
ALTER TABLE "newsletters" ADD COLUMN "slug" TEXT;
CREATE UNIQUE INDEX "newsletters_slug_key" ON "newsletters"("slug");
-- Existing newsletters get one from their send (or creation) day, numbered when a day has several.
UPDATE "newsletters" n SET "slug" = s.slug
FROM (
  SELECT id,
    'top-5-' || to_char(day, 'YYYY-MM-DD') ||
      CASE WHEN row_number() OVER (PARTITION BY day ORDER BY created_at, id) > 1
        THEN '-' || row_number() OVER (PARTITION BY day ORDER BY created_at, id) ELSE '' END AS slug
  FROM (SELECT id, created_at, (COALESCE(sent_at, created_at) AT TIME ZONE 'Europe/Madrid')::date AS day FROM "newsletters") d
) s
WHERE n.id = s.id;

-- Aggregate clicks per newsletter item
CREATE TABLE "newsletter_clicks" (
    "newsletter_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_clicks_pkey" PRIMARY KEY ("newsletter_id","item_index")
);
ALTER TABLE "newsletter_clicks" ADD CONSTRAINT "newsletter_clicks_newsletter_id_fkey" FOREIGN KEY ("newsletter_id") REFERENCES "newsletters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Health alerts of the newsletter
CREATE TABLE "newsletter_alerts" (
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "newsletter_id" TEXT,
    "detail" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notify_claimed_at" TIMESTAMPTZ(3),
    "notified_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "newsletter_alerts_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "newsletter_alerts_resolved_at_idx" ON "newsletter_alerts"("resolved_at");

-- Provider events counted per e-mail tag
CREATE TABLE "email_event_counts" (
    "tag" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_event_counts_pkey" PRIMARY KEY ("tag","event")
);
