-- The fediverse feature's tables: Fedify's key-value store, the actors' key pairs, followers, and the ids of
-- incoming activities acted on (deduplication beyond the store's time-limited marks).
CREATE TABLE "fediverse_kv" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "fediverse_kv_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "fediverse_kv_expires_at_idx" ON "fediverse_kv"("expires_at");

CREATE TABLE "fediverse_key_pairs" (
    "actor" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "private_jwk" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_key_pairs_pkey" PRIMARY KEY ("actor","algorithm")
);

CREATE TABLE "fediverse_followers" (
    "id" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "follower_uri" TEXT NOT NULL,
    "follow_uri" TEXT NOT NULL,
    "inbox" TEXT NOT NULL,
    "shared_inbox" TEXT,
    "handle" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_followers_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "fediverse_followers_actor_follower_uri_key" ON "fediverse_followers"("actor", "follower_uri");

CREATE INDEX "fediverse_followers_actor_created_at_idx" ON "fediverse_followers"("actor", "created_at");

CREATE TABLE "fediverse_activities" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actor_uri" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fediverse_activities_pkey" PRIMARY KEY ("id")
);
