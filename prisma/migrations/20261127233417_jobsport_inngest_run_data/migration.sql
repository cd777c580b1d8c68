-- The payload of an Inngest run, so the jobs port lists the live runs of a record on either provider.
ALTER TABLE "inngest_runs" ADD COLUMN "data" JSONB;
