-- Full-text search over the public content in Spanish and English, accent-insensitive.
-- unaccent runs inside two text search configurations, so to_tsvector(regconfig, text) stays IMMUTABLE and
-- can feed generated columns (unaccent() itself is only STABLE).
CREATE EXTENSION IF NOT EXISTS "unaccent";

CREATE TEXT SEARCH CONFIGURATION "es_unaccent" (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION "es_unaccent" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
CREATE TEXT SEARCH CONFIGURATION "en_unaccent" (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION "en_unaccent" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

-- array_to_string() is only STABLE (generic over element types); for text[] it is immutable in fact.
CREATE FUNCTION "search_join_text"(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;

-- AlterTable
ALTER TABLE "articles"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("title_es", '')), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("summary_es", '') || ' ' || "search_join_text"("tags")), 'B') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("body_es", '')), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("title_en", '')), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("summary_en", '') || ' ' || "search_join_text"("tags")), 'B') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("body_en", '')), 'C')) STORED;

-- AlterTable
ALTER TABLE "interviews"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("title_es", '')), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("intro_es", '') || ' ' || coalesce("interviewee"->>'name', '')), 'B') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("qa_es"::text, '') || ' ' || coalesce("why_it_matters_es", '')), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("title_en", '')), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("intro_en", '') || ' ' || coalesce("interviewee"->>'name', '')), 'B') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("qa_en"::text, '') || ' ' || coalesce("why_it_matters_en", '')), 'C')) STORED;

-- AlterTable
ALTER TABLE "referents"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("role_es", '')), 'B') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("bio_es", '')), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("role_en", '')), 'B') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("bio_en", '')), 'C')) STORED;

-- AlterTable
ALTER TABLE "companies"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("summary_es", '')), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("summary_en", '')), 'C')) STORED;

-- AlterTable
ALTER TABLE "applications"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("description_es", '') || ' ' || "search_join_text"("use_cases")), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, "name"), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("description_en", '')), 'C')) STORED;

-- AlterTable
ALTER TABLE "resources"
  ADD COLUMN "search_es" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('es_unaccent'::regconfig, "title_es"), 'A') ||
    setweight(to_tsvector('es_unaccent'::regconfig, coalesce("summary_es", '') || ' ' || coalesce("origin", '')), 'C')) STORED,
  ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("title_en", '')), 'A') ||
    setweight(to_tsvector('en_unaccent'::regconfig, coalesce("summary_en", '') || ' ' || coalesce("origin", '')), 'C')) STORED;

-- CreateIndex
CREATE INDEX "articles_search_es_idx" ON "articles" USING GIN ("search_es");
CREATE INDEX "articles_search_en_idx" ON "articles" USING GIN ("search_en");
CREATE INDEX "interviews_search_es_idx" ON "interviews" USING GIN ("search_es");
CREATE INDEX "interviews_search_en_idx" ON "interviews" USING GIN ("search_en");
CREATE INDEX "referents_search_es_idx" ON "referents" USING GIN ("search_es");
CREATE INDEX "referents_search_en_idx" ON "referents" USING GIN ("search_en");
CREATE INDEX "companies_search_es_idx" ON "companies" USING GIN ("search_es");
CREATE INDEX "companies_search_en_idx" ON "companies" USING GIN ("search_en");
CREATE INDEX "applications_search_es_idx" ON "applications" USING GIN ("search_es");
CREATE INDEX "applications_search_en_idx" ON "applications" USING GIN ("search_en");
CREATE INDEX "resources_search_es_idx" ON "resources" USING GIN ("search_es");
CREATE INDEX "resources_search_en_idx" ON "resources" USING GIN ("search_en");
