-- The database's identity, one row made with the database: Next's cache keys pages and data on it (with the
-- build and SITE_URL), so a server started on another database serves none of this one's pages.
CREATE TABLE "database_identity" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "uuid" UUID NOT NULL DEFAULT gen_random_uuid(),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "database_identity_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "database_identity_one_row" CHECK ("id" = 1)
);

INSERT INTO "database_identity" DEFAULT VALUES;
