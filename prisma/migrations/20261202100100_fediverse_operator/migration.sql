-- The fediverse operator's settings: each actor's handle, name and summary (its URI keyed by language stays),
-- the Note teaser and private-mode switches, and the block list (instances and actors).
CREATE TABLE "fediverse_actor_profiles" (
    "actor" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "previous_handle" TEXT,
    "previous_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_actor_profiles_pkey" PRIMARY KEY ("actor")
);

CREATE UNIQUE INDEX "fediverse_actor_profiles_handle_key" ON "fediverse_actor_profiles"("handle");

CREATE TABLE "fediverse_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "note_teaser" BOOLEAN NOT NULL DEFAULT false,
    "private_mode" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_settings_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "fediverse_blocks" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_blocks_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "fediverse_blocks_kind_value_key" ON "fediverse_blocks"("kind", "value");
