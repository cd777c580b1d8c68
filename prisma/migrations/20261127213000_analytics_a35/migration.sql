-- Who already clicked a newsletter item today (the day's visitor hash only): a click counts once
CREATE TABLE "newsletter_click_visitors" (
    "newsletter_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "visitor" BYTEA NOT NULL,

    CONSTRAINT "newsletter_click_visitors_pkey" PRIMARY KEY ("newsletter_id","item_index","day","visitor")
);
CREATE INDEX "newsletter_click_visitors_day_idx" ON "newsletter_click_visitors"("day");
ALTER TABLE "newsletter_click_visitors" ADD CONSTRAINT "newsletter_click_visitors_newsletter_id_fkey" FOREIGN KEY ("newsletter_id") REFERENCES "newsletters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- First-party analytics: the day's salt, raw hits (48 hours) and their hourly and daily rollups
CREATE TABLE "analytics_salts" (
    "day" DATE NOT NULL,
    "salt" BYTEA NOT NULL,

    CONSTRAINT "analytics_salts_pkey" PRIMARY KEY ("day")
);

CREATE TABLE "analytics_hits" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "visitor" BYTEA NOT NULL,
    "path" TEXT NOT NULL,
    "kind" TEXT,
    "slug" TEXT,
    "lang" TEXT NOT NULL,
    "referrer" TEXT,
    "utm_source" TEXT,
    "utm_campaign" TEXT,
    "device" TEXT NOT NULL,

    CONSTRAINT "analytics_hits_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "analytics_hits_at_idx" ON "analytics_hits"("at");

CREATE TABLE "analytics_hourly" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL,
    "visitors" INTEGER NOT NULL,

    CONSTRAINT "analytics_hourly_pkey" PRIMARY KEY ("hour","dimension","value")
);
CREATE INDEX "analytics_hourly_dimension_hour_idx" ON "analytics_hourly"("dimension", "hour");

CREATE TABLE "analytics_daily" (
    "day" DATE NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL,
    "visitors" INTEGER NOT NULL,

    CONSTRAINT "analytics_daily_pkey" PRIMARY KEY ("day","dimension","value")
);
CREATE INDEX "analytics_daily_dimension_day_idx" ON "analytics_daily"("dimension", "day");
