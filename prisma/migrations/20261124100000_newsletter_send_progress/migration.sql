-- The send's pace for the admin's progress and ETA: when it was claimed, and when a batch last went out.
ALTER TABLE "newsletters" ADD COLUMN "send_started_at" TIMESTAMPTZ(3),
ADD COLUMN "progress_at" TIMESTAMPTZ(3);
