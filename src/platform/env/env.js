import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";
import { crossChecks } from "./cross-checks.js";

/** A switch that is on unless set to false (or 0). */
const onUnlessFalse = () =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === undefined || v === "" || v === "true" || v === "1");
const postgresUrl = z
  .string()
  .url()
  .refine((u) => /^postgres(ql)?:\/\//.test(u), "must start with postgresql://");

/**
 * Every variable the app reads, validated once. `.env.example` documents each one.
 * A bad value stops start-up with one line (see onValidationError) instead of a stack trace.
 */
export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    // Unset → the launcher starts embedded PostgreSQL and sets it before the app starts.
    DATABASE_URL: postgresUrl.optional(),
    // The schema owner, for migrations (`npm run db:migrate`, and `npm start` when set); DATABASE_URL can then
    // be a role that may only read and write rows.
    MIGRATION_DATABASE_URL: postgresUrl.optional(),
    // Required in production (see createFinalSchema); the launcher generates one only for the embedded database.
    NEXTAUTH_SECRET:
      process.env.NODE_ENV === "production"
        ? z.string().min(32, "must be at least 32 characters in production").optional()
        : z.string().min(1).optional(),
    NEXTAUTH_URL: z.string().url().optional(),
    // bcrypt work factor (12 ≈ 250 ms per hash in pure JS; tests use 4).
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    // Connections in Prisma's pool.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // The public origin of every absolute URL (canonical, feeds, sitemap, e-mails), read at run time.
    // Unset → http://localhost:$PORT (src/platform/http/site-url.ts).
    SITE_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // The fediverse (docs/fediverse.md): unset, on only when SITE_URL is an https origin (Mastodon fetches
    // https only); "on" forces it on (loopback tests), "off" keeps it off.
    FEDIVERSE: z.enum(["on", "off"]).optional(),
    // Lets the fediverse fetch and deliver to loopback and private addresses: tests only (NODE_ENV=test), as
    // it switches off Fedify's guard against server-side request forgery.
    FEDIVERSE_ALLOW_PRIVATE_ADDRESS: z.enum(["1"]).optional(),
    // The build folder (next.config.mjs distDir; the E2E suite builds into .next-e2e).
    NEXT_DIST_DIR: z.string().optional(),
    // The build's id for Next's version-skew guard, read at build time by next.config.mjs (unset: git commit).
    DEPLOYMENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1-64 letters, digits, dots, dashes or underscores")
      .optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    // Reverse proxies in front of the app whose X-Forwarded-For entry is trusted (0: none, the socket peer is
    // the client). Applied by the server process itself: src/platform/request-edge/client-address.mjs.
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    // How long a client may take to send a request's headers, and the whole request with its body; past
    // either the server answers 408 and closes the connection (src/platform/request-edge/server-timeouts.mjs).
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    // The logger's level (src/platform/log): JSON lines in production, readable lines elsewhere.
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    EMBEDDED_PG_DIR: z.string().optional(),
    // Inngest: with none of these set, jobs run on the embedded engine (pg-boss on our PostgreSQL).
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    INNGEST_DEV: z.string().optional(),
    INNGEST_BASE_URL: z.string().url().optional(),
    // Which provider runs the jobs (src/platform/jobs/choose-engine.ts): "embedded" (pg-boss on our PostgreSQL) or
    // "inngest". Unset: Inngest when one of its settings above is set, the embedded engine otherwise.
    JOBS_PROVIDER: z.enum(["embedded", "inngest"]).optional(),
    // First delay of the embedded engine's exponential backoff (whole seconds, at least 1; doubles per attempt).
    JOB_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1000),
    // How often an idle worker of the embedded engine looks for runs, in seconds (2; 0.5 under NODE_ENV=test). A
    // worker that found runs looks again at once.
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).optional(),
    // PostgreSQL schema of the embedded engine's tables (tests give each process its own).
    JOB_ENGINE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, "must be a lower-case SQL identifier")
      .default("pgboss"),
    // AI providers.
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_MODEL: z.string().default("gpt-4o-mini"),
    OPENAI_IMAGE_MODEL: z.string().default("gpt-image-1"),
    // Per request; the SDK retries a timed-out call once, then the job's own retries take over.
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
    PERPLEXITY_API_KEY: z.string().optional(),
    PERPLEXITY_BASE_URL: z.string().url().default("https://api.perplexity.ai"),
    PERPLEXITY_MODEL: z.string().default("sonar"),
    NEWSAPI_KEY: z.string().optional(),
    NEWSAPI_BASE_URL: z.string().url().default("https://newsapi.org/v2"),
    NEWS_FEEDS: z.string().optional(),
    SOURCE_ALLOWLIST: z.string().optional(),
    // Hosts (`host` or `host:port`, comma-separated) the source fetcher may reach even on a loopback or private
    // address, for a fixture server in tests and staging. Unset: nothing private is reachable.
    SOURCE_FETCH_EXTRA_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (hosts) => hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(h)),
        "must be a comma-separated list of host or host:port",
      ),
    IMAGE_STORAGE_DIR: z.string().optional(),
    // Backups (docs/operations.md, "Backups"): the folder (default ./backups: put it on another disk), when the
    // nightly one runs ("off": never), and how many are kept (the newest of each of the last N days and of the last N weeks).
    BACKUP_DIR: z.string().optional(),
    BACKUP_CRON: z.string().default("TZ=Europe/Madrid 30 3 * * *"),
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).default(4),
    // The database's identity, read from it by the launcher at each start (src/platform/db/database-id.ts): the
    // shared cache keys pages and data on it, with the build and SITE_URL (src/platform/cache/namespace.mjs).
    // Set it yourself only for a server started without the launcher; unset, nothing is shared through Redis.
    DATABASE_ID: z
      .string()
      .regex(/^[\w.:-]{1,200}$/, "must be 1-200 letters, digits, dots, colons, dashes or underscores")
      .optional(),
    // Shared data cache for several instances (src/platform/cache/redis-cache-handler.mjs); unset → in-process.
    REDIS_URL: z
      .string()
      .url()
      .refine((u) => /^rediss?:\/\//.test(u), "must start with redis:// or rediss://")
      .optional(),
    // Where generated images live: "local" (IMAGE_STORAGE_DIR) or "s3" (any S3-compatible store: S3, R2, MinIO).
    MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("us-east-1"),
    // Unset → AWS's own endpoint; R2/MinIO give theirs (https://<account>.r2.cloudflarestorage.com, http://minio:9000).
    S3_ENDPOINT: z.string().url().optional(),
    // Path-style URLs (endpoint/bucket/key): MinIO and most self-hosted stores need it.
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""])
      .optional()
      .transform((v) => v === "true" || v === "1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // E-mail: with no RESEND_API_KEY mail is stored in the database outbox.
    RESEND_API_KEY: z.string().optional(),
    RESEND_BASE_URL: z.string().url().optional(),
    RESEND_WEBHOOK_SECRET: z.string().optional(),
    // Per request: a hung call is abandoned and retried with the same idempotency key.
    RESEND_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
    // Requests per second the newsletter send makes to Resend (its documented default limit is 2/s).
    RESEND_MAX_RPS: z.coerce.number().positive().max(1000).default(2),
    // Resend unavailable (5xx, 429, timeouts, refused connections) during a newsletter send: the send retries
    // with backoff (at most RETRY_MAX_MS apart), e-mails the editors once through the outbox after ALERT_MS,
    // and pauses after PAUSE_MS, to be resumed with one click.
    NEWSLETTER_OUTAGE_ALERT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(10 * 60_000),
    NEWSLETTER_OUTAGE_PAUSE_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(30 * 60_000),
    NEWSLETTER_OUTAGE_RETRY_MAX_MS: z.coerce.number().int().min(10).default(30_000),
    EMAIL_FROM: z.string().default("Riesgos IA <newsletter@riesgos-ia.example>"),
    EDITORS_EMAIL: z.string().email().default("redaccion@riesgos-ia.example"),
    // The Friday Top 5 is on unless NEWSLETTER_CRON_ENABLED=false; NEWSLETTER_CRON_MODE=draft only generates it.
    NEWSLETTER_CRON_ENABLED: onUnlessFalse(),
    NEWSLETTER_CRON_MODE: z.enum(["send", "draft"]).default("send"),
    // The daily link check of the published articles' sources (04:00 Madrid) is on unless LINK_CHECK_CRON_ENABLED=false.
    LINK_CHECK_CRON_ENABLED: onUnlessFalse(),
    NEWSLETTER_CRON: z.string().default("TZ=Europe/Madrid 0 8 * * 5"),
    // Where the newsletter send runs on the embedded engine: "own" (the default), a process of its own that the
    // launcher (`npm start`, `npm run dev`) starts beside the server, so a send's memory stays out of the
    // server's; "server", the server itself (set it for a server started without the launcher, e.g. next start).
    NEWSLETTER_SEND_PROCESS: z.enum(["own", "server"]).default("own"),
    // Where the fediverse's deliveries (fan-outs, one POST per inbox) run on the embedded engine: "own" (the
    // default), a process of its own beside the server at a lower CPU priority, so a fan-out never takes the
    // pages' event loop or CPU; "server", the server itself (a server started without the launcher).
    FEDIVERSE_PROCESS: z.enum(["own", "server"]).default("own"),
    // The share of the machine's CPU (0–1) the other processes (the server above all) may use before that process
    // holds its deliveries: a fan-out fills idle time and slows to a trickle while pages are busy. 1: never.
    FEDIVERSE_DELIVERY_YIELD_ABOVE: z.coerce.number().min(0).max(1).default(0.5),
    // How many days a delivered delivery's row is kept for admin › Fediverso (the daily fediverse/deliveries.prune
    // deletes older ones); failed and dead rows are kept until retried.
    FEDIVERSE_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // "on": the production server answers a stored reader page's hit again itself, as Next answered it, while the
    // stored page stands (scripts/page-fast-path.ts); "off": every page request goes to Next.js.
    PAGE_FAST_PATH: z.enum(["on", "off"]).default("on"),
  },
  client: {},
  runtimeEnv: {
    NODE_ENV: process.env.NODE_ENV,
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL || undefined,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || undefined,
    NEXTAUTH_URL: process.env.NEXTAUTH_URL || undefined,
    BCRYPT_COST: process.env.BCRYPT_COST || undefined,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE || undefined,
    SITE_URL: process.env.SITE_URL || undefined,
    PORT: process.env.PORT || undefined,
    FEDIVERSE: process.env.FEDIVERSE || undefined,
    FEDIVERSE_ALLOW_PRIVATE_ADDRESS: process.env.FEDIVERSE_ALLOW_PRIVATE_ADDRESS || undefined,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || undefined,
    DEPLOYMENT_ID: process.env.DEPLOYMENT_ID || undefined,
    ADMIN_EMAIL: process.env.ADMIN_EMAIL || undefined,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || undefined,
    TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS || undefined,
    HTTP_HEADERS_TIMEOUT_MS: process.env.HTTP_HEADERS_TIMEOUT_MS || undefined,
    HTTP_REQUEST_TIMEOUT_MS: process.env.HTTP_REQUEST_TIMEOUT_MS || undefined,
    LOG_LEVEL: process.env.LOG_LEVEL || undefined,
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT || undefined,
    EMBEDDED_PG_DIR: process.env.EMBEDDED_PG_DIR || undefined,
    INNGEST_EVENT_KEY: process.env.INNGEST_EVENT_KEY || undefined,
    INNGEST_SIGNING_KEY: process.env.INNGEST_SIGNING_KEY || undefined,
    INNGEST_DEV: process.env.INNGEST_DEV || undefined,
    INNGEST_BASE_URL: process.env.INNGEST_BASE_URL || undefined,
    JOBS_PROVIDER: process.env.JOBS_PROVIDER || undefined,
    JOB_RETRY_BASE_MS: process.env.JOB_RETRY_BASE_MS || undefined,
    JOB_ENGINE_SCHEMA: process.env.JOB_ENGINE_SCHEMA || undefined,
    JOB_POLL_SECONDS: process.env.JOB_POLL_SECONDS || undefined,
    OPENAI_API_KEY: process.env.OPENAI_API_KEY || undefined,
    OPENAI_BASE_URL: process.env.OPENAI_BASE_URL || undefined,
    OPENAI_MODEL: process.env.OPENAI_MODEL || undefined,
    OPENAI_IMAGE_MODEL: process.env.OPENAI_IMAGE_MODEL || undefined,
    OPENAI_TIMEOUT_MS: process.env.OPENAI_TIMEOUT_MS || undefined,
    PERPLEXITY_API_KEY: process.env.PERPLEXITY_API_KEY || undefined,
    PERPLEXITY_BASE_URL: process.env.PERPLEXITY_BASE_URL || undefined,
    PERPLEXITY_MODEL: process.env.PERPLEXITY_MODEL || undefined,
    NEWSAPI_KEY: process.env.NEWSAPI_KEY || undefined,
    NEWSAPI_BASE_URL: process.env.NEWSAPI_BASE_URL || undefined,
    NEWS_FEEDS: process.env.NEWS_FEEDS || undefined,
    SOURCE_ALLOWLIST: process.env.SOURCE_ALLOWLIST || undefined,
    SOURCE_FETCH_EXTRA_HOSTS: process.env.SOURCE_FETCH_EXTRA_HOSTS || undefined,
    IMAGE_STORAGE_DIR: process.env.IMAGE_STORAGE_DIR || undefined,
    BACKUP_DIR: process.env.BACKUP_DIR || undefined,
    BACKUP_CRON: process.env.BACKUP_CRON || undefined,
    BACKUP_KEEP_DAILY: process.env.BACKUP_KEEP_DAILY || undefined,
    BACKUP_KEEP_WEEKLY: process.env.BACKUP_KEEP_WEEKLY || undefined,
    DATABASE_ID: process.env.DATABASE_ID || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
    MEDIA_STORAGE: process.env.MEDIA_STORAGE || undefined,
    S3_BUCKET: process.env.S3_BUCKET || undefined,
    S3_REGION: process.env.S3_REGION || undefined,
    S3_ENDPOINT: process.env.S3_ENDPOINT || undefined,
    S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE || undefined,
    S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID || undefined,
    S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY || undefined,
    RESEND_API_KEY: process.env.RESEND_API_KEY || undefined,
    RESEND_BASE_URL: process.env.RESEND_BASE_URL || undefined,
    RESEND_WEBHOOK_SECRET: process.env.RESEND_WEBHOOK_SECRET || undefined,
    RESEND_TIMEOUT_MS: process.env.RESEND_TIMEOUT_MS || undefined,
    RESEND_MAX_RPS: process.env.RESEND_MAX_RPS || undefined,
    NEWSLETTER_OUTAGE_ALERT_MS: process.env.NEWSLETTER_OUTAGE_ALERT_MS || undefined,
    NEWSLETTER_OUTAGE_PAUSE_MS: process.env.NEWSLETTER_OUTAGE_PAUSE_MS || undefined,
    NEWSLETTER_OUTAGE_RETRY_MAX_MS: process.env.NEWSLETTER_OUTAGE_RETRY_MAX_MS || undefined,
    EMAIL_FROM: process.env.EMAIL_FROM || undefined,
    EDITORS_EMAIL: process.env.EDITORS_EMAIL || undefined,
    NEWSLETTER_CRON_ENABLED: process.env.NEWSLETTER_CRON_ENABLED || undefined,
    NEWSLETTER_CRON: process.env.NEWSLETTER_CRON || undefined,
    NEWSLETTER_CRON_MODE: process.env.NEWSLETTER_CRON_MODE || undefined,
    LINK_CHECK_CRON_ENABLED: process.env.LINK_CHECK_CRON_ENABLED || undefined,
    NEWSLETTER_SEND_PROCESS: process.env.NEWSLETTER_SEND_PROCESS || undefined,
    FEDIVERSE_PROCESS: process.env.FEDIVERSE_PROCESS || undefined,
    FEDIVERSE_DELIVERY_YIELD_ABOVE: process.env.FEDIVERSE_DELIVERY_YIELD_ABOVE || undefined,
    FEDIVERSE_DELIVERY_RETENTION_DAYS: process.env.FEDIVERSE_DELIVERY_RETENTION_DAYS || undefined,
    PAGE_FAST_PATH: process.env.PAGE_FAST_PATH || undefined,
  },
  // Rules across variables (src/platform/env/cross-checks.js).
  createFinalSchema: (shape, isServer) => z.object(shape).superRefine((v, ctx) => crossChecks(v, ctx, isServer)),
  skipValidation: !!process.env.SKIP_ENV_VALIDATION,
  emptyStringAsUndefined: true,
  onValidationError: (issues) => {
    const summary = issues.map((i) => `${(i.path ?? []).join(".") || "env"}: ${i.message}`).join("; ");
    // One line, no stack: the operator sees exactly which variable to fix.
    // A plain line on stderr, not the logger: the logger's own settings (LOG_LEVEL) are what failed to validate.
    process.stderr.write(`Invalid environment configuration — ${summary}\n`);
    process.exit(1);
  },
});
