-- Former article slugs answer 301 to the current one (owned by articles)
CREATE TABLE "article_slug_redirects" (
    "old_slug" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "article_slug_redirects_pkey" PRIMARY KEY ("old_slug")
);
CREATE INDEX "article_slug_redirects_article_id_idx" ON "article_slug_redirects"("article_id");
ALTER TABLE "article_slug_redirects" ADD CONSTRAINT "article_slug_redirects_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Repairs slugs the site's slug rule rejects (a "--" left by cutting a title before a suffix, a hyphen at an
-- end, over 200 characters): each becomes its rule-abiding form (the article's id added if that is taken),
-- and the old slug is kept as a redirect, so links already shared still reach the article.
DO $$
DECLARE
  r RECORD;
  base TEXT;
  candidate TEXT;
BEGIN
  FOR r IN SELECT id, slug FROM "articles" WHERE slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' OR length(slug) > 200 ORDER BY created_at LOOP
    base := left(trim(both '-' from regexp_replace(lower(r.slug), '[^a-z0-9]+', '-', 'g')), 180);
    base := trim(both '-' from base);
    IF base = '' THEN base := 'articulo'; END IF;
    candidate := base;
    IF EXISTS (SELECT 1 FROM "articles" WHERE slug = candidate) THEN
      candidate := base || '-' || lower(right(regexp_replace(r.id, '[^a-zA-Z0-9]', '', 'g'), 8));
    END IF;
    INSERT INTO "article_slug_redirects" (old_slug, article_id) VALUES (r.slug, r.id) ON CONFLICT (old_slug) DO NOTHING;
    UPDATE "articles" SET slug = candidate WHERE id = r.id;
  END LOOP;
END $$;
