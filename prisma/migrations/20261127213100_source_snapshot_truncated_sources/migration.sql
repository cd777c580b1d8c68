-- A source larger than the fetcher's size cap is read up to the cap and marked truncated (no longer refused whole)
ALTER TABLE "source_snapshots" ADD COLUMN "truncated" BOOLEAN NOT NULL DEFAULT false;
