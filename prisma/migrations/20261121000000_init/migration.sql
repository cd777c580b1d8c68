-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "citext";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "ContentStatus" AS ENUM ('draft', 'published', 'rejected');

-- CreateEnum
CREATE TYPE "FeaturedLevel" AS ENUM ('normal', 'premium');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('pending', 'confirmed', 'unsubscribed');

-- CreateEnum
CREATE TYPE "NewsletterStatus" AS ENUM ('draft', 'pending', 'approved', 'sending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "BatchStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "AgentType" AS ENUM ('article-generator', 'perplexity-generator', 'interview-generator', 'news-aggregator');

-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('draft', 'active', 'paused');

-- CreateEnum
CREATE TYPE "AgentRunStatus" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('queued', 'sent', 'failed', 'suppressed');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "username" CITEXT NOT NULL,
    "email" CITEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'user',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "articles" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title_es" TEXT NOT NULL,
    "title_en" TEXT,
    "summary_es" TEXT NOT NULL,
    "summary_en" TEXT,
    "body_es" TEXT NOT NULL,
    "body_en" TEXT,
    "date" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "topics" TEXT[],
    "type" TEXT NOT NULL DEFAULT 'noticia',
    "tags" TEXT[],
    "sources" JSONB NOT NULL DEFAULT '[]',
    "author" TEXT,
    "author_name" TEXT,
    "sponsored" BOOLEAN NOT NULL DEFAULT false,
    "sponsor_label" TEXT,
    "image_url" TEXT,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "is_static" BOOLEAN NOT NULL DEFAULT false,
    "is_agent" BOOLEAN NOT NULL DEFAULT false,
    "review_required" BOOLEAN NOT NULL DEFAULT false,
    "status" "ContentStatus" NOT NULL DEFAULT 'draft',
    "published_at" TIMESTAMPTZ(3),
    "agent_run_id" TEXT,

    CONSTRAINT "articles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "interviews" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title_es" TEXT NOT NULL,
    "title_en" TEXT,
    "intro_es" TEXT NOT NULL,
    "intro_en" TEXT,
    "interviewee" JSONB NOT NULL,
    "qa_es" JSONB NOT NULL DEFAULT '[]',
    "qa_en" JSONB NOT NULL DEFAULT '[]',
    "why_it_matters_es" TEXT,
    "why_it_matters_en" TEXT,
    "links" JSONB NOT NULL DEFAULT '[]',
    "date" TIMESTAMPTZ(3) NOT NULL,
    "topics" TEXT[],
    "author" TEXT,
    "sponsored" BOOLEAN NOT NULL DEFAULT false,
    "image_url" TEXT,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "status" "ContentStatus" NOT NULL DEFAULT 'published',
    "review_required" BOOLEAN NOT NULL DEFAULT false,
    "is_agent" BOOLEAN NOT NULL DEFAULT false,
    "referent_slug" TEXT,
    "agent_run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "interviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referents" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role_es" TEXT NOT NULL,
    "role_en" TEXT,
    "bio_es" TEXT NOT NULL,
    "bio_en" TEXT,
    "focus" TEXT[],
    "links" JSONB NOT NULL DEFAULT '[]',
    "image_url" TEXT,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "referents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "themes" TEXT[],
    "summary_es" TEXT NOT NULL,
    "summary_en" TEXT,
    "website" TEXT,
    "links" JSONB NOT NULL DEFAULT '[]',
    "region" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "applications" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "description_es" TEXT NOT NULL,
    "description_en" TEXT,
    "why_it_matters_es" TEXT,
    "why_it_matters_en" TEXT,
    "use_cases" TEXT[],
    "website" TEXT,
    "evidence" TEXT,
    "featured_level" "FeaturedLevel" NOT NULL DEFAULT 'normal',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resources" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title_es" TEXT NOT NULL,
    "title_en" TEXT,
    "type" TEXT NOT NULL,
    "summary_es" TEXT NOT NULL,
    "summary_en" TEXT,
    "link" TEXT NOT NULL,
    "origin" TEXT,
    "date" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "editorial_pages" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title_es" TEXT NOT NULL,
    "title_en" TEXT,
    "dek_es" TEXT,
    "dek_en" TEXT,
    "body_es" TEXT NOT NULL,
    "body_en" TEXT,
    "last_updated" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "editorial_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "contact_channels" JSONB NOT NULL DEFAULT '[]',
    "privacy_note_es" TEXT NOT NULL,
    "privacy_note_en" TEXT,

    CONSTRAINT "contact_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "organization" TEXT,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "privacy" BOOLEAN NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMPTZ(3),
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_subscriptions" (
    "id" TEXT NOT NULL,
    "email" CITEXT NOT NULL,
    "subscribed" BOOLEAN NOT NULL DEFAULT false,
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'pending',
    "source" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "confirmation_token" TEXT,
    "confirmation_sent_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "unsubscribe_token" TEXT NOT NULL,
    "unsubscribed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletters" (
    "id" TEXT NOT NULL,
    "subject_es" TEXT NOT NULL,
    "subject_en" TEXT,
    "intro_es" TEXT NOT NULL,
    "intro_en" TEXT,
    "items" JSONB NOT NULL DEFAULT '[]',
    "status" "NewsletterStatus" NOT NULL DEFAULT 'draft',
    "week_start" TIMESTAMPTZ(3) NOT NULL,
    "recipient_count" INTEGER NOT NULL DEFAULT 0,
    "sent_count" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "newsletters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_batches" (
    "id" TEXT NOT NULL,
    "newsletter_id" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "first_id" TEXT NOT NULL,
    "last_id" TEXT NOT NULL,
    "recipient_count" INTEGER NOT NULL,
    "status" "BatchStatus" NOT NULL DEFAULT 'pending',
    "idempotency_key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_messages" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "tag" TEXT,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "provider_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_suppressions" (
    "email" CITEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("email")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "AgentType" NOT NULL DEFAULT 'article-generator',
    "description" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "api_keys_enabled" BOOLEAN NOT NULL DEFAULT true,
    "auto_publish" BOOLEAN NOT NULL DEFAULT false,
    "status" "AgentStatus" NOT NULL DEFAULT 'draft',
    "last_run" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" TEXT NOT NULL,
    "agent_id" TEXT,
    "trigger" TEXT NOT NULL DEFAULT 'agent',
    "status" "AgentRunStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "input" JSONB,
    "logs" TEXT[],
    "result" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "articles_slug_key" ON "articles"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "articles_agent_run_id_key" ON "articles"("agent_run_id");

-- CreateIndex
CREATE INDEX "articles_status_date_idx" ON "articles"("status", "date" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "interviews_slug_key" ON "interviews"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "interviews_agent_run_id_key" ON "interviews"("agent_run_id");

-- CreateIndex
CREATE INDEX "interviews_status_date_idx" ON "interviews"("status", "date" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "referents_slug_key" ON "referents"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "companies_slug_key" ON "companies"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "applications_slug_key" ON "applications"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "resources_slug_key" ON "resources"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "editorial_pages_slug_key" ON "editorial_pages"("slug");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscriptions_email_key" ON "newsletter_subscriptions"("email");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscriptions_confirmation_token_key" ON "newsletter_subscriptions"("confirmation_token");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscriptions_unsubscribe_token_key" ON "newsletter_subscriptions"("unsubscribe_token");

-- CreateIndex
CREATE INDEX "newsletter_subscriptions_subscribed_id_idx" ON "newsletter_subscriptions"("subscribed", "id");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_batches_idempotency_key_key" ON "newsletter_batches"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_batches_newsletter_id_index_key" ON "newsletter_batches"("newsletter_id", "index");

-- CreateIndex
CREATE INDEX "email_messages_created_at_idx" ON "email_messages"("created_at" DESC);

-- CreateIndex
CREATE INDEX "agent_runs_created_at_idx" ON "agent_runs"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "articles" ADD CONSTRAINT "articles_agent_run_id_fkey" FOREIGN KEY ("agent_run_id") REFERENCES "agent_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_agent_run_id_fkey" FOREIGN KEY ("agent_run_id") REFERENCES "agent_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_batches" ADD CONSTRAINT "newsletter_batches_newsletter_id_fkey" FOREIGN KEY ("newsletter_id") REFERENCES "newsletters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
