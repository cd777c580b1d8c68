-- What a source states (quotations with their speakers, figures with their kind), read once when its copy is
-- stored, and the extractor's version that read it: older facts are read again from the text.
ALTER TABLE "source_snapshots" ADD COLUMN "facts" JSONB;
ALTER TABLE "source_snapshots" ADD COLUMN "facts_version" INTEGER;
