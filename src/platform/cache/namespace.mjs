import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The namespace of Next's cache (stored pages and data entries): what an entry was rendered for. A page carries
 * its build's chunk names and id, the origin of every absolute URL in it (canonical, hreflang, share tags,
 * JSON-LD) and its database's content, so it may only be served by a server with the same three. The locale
 * set is the build's (a constant of the source), so the build's id covers it.
 * @param {{ buildId: string; siteOrigin: string; databaseId: string }} parts
 * @returns {string} 16 hex digits
 */
export function cacheNamespace({ buildId, siteOrigin, databaseId }) {
  for (const [name, value] of Object.entries({ buildId, siteOrigin, databaseId }))
    if (typeof value !== "string" || value === "") throw new Error(`cache namespace: ${name} is missing`);
  // As a JSON array, so that no two configurations run together into one string.
  const key = JSON.stringify(["riesgos-cache", buildId, siteOrigin, databaseId]);
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/**
 * Where Next's file-system store keeps the pages it renders, under the server bundles' folder (Next's
 * ROUTE_CACHE_DIRECTORY; tests/unit/next-internals.test.ts checks it against the installed next).
 */
export const PAGE_STORE_FOLDER = "route-cache";

/**
 * The id `next build` wrote beside the server bundles Next hands the cache handler (`<distDir>/server`): every
 * build a new one, the same on every copy of one build.
 * @param {string} serverDistDir
 * @returns {string}
 */
export function buildIdOf(serverDistDir) {
  return fs.readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
}
