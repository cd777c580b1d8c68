import fs from "node:fs";
import path from "node:path";
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import tagsManifest from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { buildIdOf, cacheNamespace, PAGE_STORE_FOLDER } from "../cache/namespace.mjs";
import RedisCacheHandler from "../cache/redis-cache-handler.mjs";
import { env } from "../env/env.js";
import { hreflangLink, publicPathOfCacheKey } from "./hreflang-link.js";
import { hydrateOnIntent } from "./hydrate-on-intent.js";
import { notePageRead } from "./page-reads.mjs";
import { rendersNotFound } from "./page-status.js";
import { cachedPageCsp } from "./security-headers.js";
import { siteOrigin } from "./site-origin.js";

/**
 * Next's cache handler (`cacheHandler` in next.config.mjs): Next's own file-system and in-process store, or
 * with REDIS_URL the store every instance shares (../cache/redis-cache-handler.mjs). Either way, a page stored
 * in it (an anonymous reader page, rendered once and then served to everyone until a tag expires it) loads its
 * scripts on the reader's first intent (hydrate-on-intent.js) and gets its Content-Security-Policy here, from
 * its own HTML: the hashes of its inline scripts (security-headers.js).
 * Next sends the stored headers with the page, on the render that stored it and on every hit.
 *
 * A stored page is served only to the configuration that rendered it (../cache/namespace.mjs: build,
 * SITE_URL, database): with Redis every key carries that namespace; the in-process store starts empty in each process.
 */
const shared = Boolean(env.REDIS_URL);
const Store = shared ? RedisCacheHandler : (fileSystemCache.default ?? fileSystemCache);

const https = (env.SITE_URL ?? "").startsWith("https:");

/** The namespace of each build folder this process serves, settled by the first handler Next creates. */
globalThis.__riesgosCacheNamespaces ??= new Map();
const namespaces = globalThis.__riesgosCacheNamespaces;

/**
 * Redis: the namespace of this server's entries, or null when it cannot be known (no DATABASE_ID, which the
 * launcher reads from the database at start; no BUILD_ID, as during the build itself): then this server
 * shares nothing rather than risk serving another database's or origin's pages.
 */
function sharedNamespace(serverDistDir) {
  if (!env.DATABASE_ID || !serverDistDir) return null;
  try {
    const buildId = buildIdOf(serverDistDir);
    return cacheNamespace({ buildId, siteOrigin: siteOrigin(env), databaseId: env.DATABASE_ID });
  } catch {
    return null;
  }
}

/**
 * The in-process store keeps its pages on disk (`<distDir>/server/route-cache`) but the tag expiries that
 * guard them in memory: a page stored by an earlier process may have been rendered for another SITE_URL or
 * database, or expired by a write that process saw. So each process starts without them, as the launcher
 * starts each server without the data entries (`<distDir>/cache/fetch-cache`). The build writes no page there.
 */
function forgetEarlierPages(serverDistDir) {
  if (serverDistDir) fs.rmSync(path.join(serverDistDir, PAGE_STORE_FOLDER), { recursive: true, force: true });
  return "";
}

function namespaceFor(serverDistDir) {
  const key = serverDistDir ?? "";
  if (!namespaces.has(key)) namespaces.set(key, shared ? sharedNamespace(serverDistDir) : forgetEarlierPages(key));
  return namespaces.get(key);
}

/** The data-cache tags a stored page was rendered from (Next's own header on the entry). */
function pageTags(page) {
  const header = page.headers?.["x-next-cache-tags"];
  return typeof header === "string" && header !== "" ? header.split(",") : [];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Next's own Link header (its preloads) and the alternates, one header. */
function withLink(existing, alternates) {
  const own = Array.isArray(existing) ? existing.join(", ") : existing;
  return own ? `${own}, ${alternates}` : alternates;
}

export default class PageCacheHandler extends Store {
  constructor(ctx) {
    const namespace = namespaceFor(ctx?.serverDistDir);
    super(ctx, undefined, namespace ?? undefined);
    this.unscoped = namespace === null;
  }

  async get(key, ctx) {
    if (this.unscoped) return null;
    const data = await super.get(key, ctx);
    if (data?.value?.kind === "APP_PAGE") {
      const { lastModified, cacheControl } = data;
      notePageRead({ store: this, key, lastModified, cacheControl, tags: pageTags(data.value) });
    }
    return data;
  }

  /**
   * Whether the store still holds the very entry of `key` that was read at `lastModified`, and no write has
   * expired or staled its tags since: the checks Next makes on a stored page before it answers HIT, for the
   * server's page fast path (scripts/page-fast-path.ts), which answers that page again without Next.
   */
  async holds(key, lastModified, tags) {
    if (this.unscoped) return false;
    const { areTagsExpired, areTagsStale } = tagsManifest;
    if (areTagsExpired(tags, lastModified) || areTagsStale(tags, lastModified)) return false;
    if (shared) return super.holds(key, lastModified);
    // Next's in-process store keeps its entries in memory (and on disk); a write replaces the entry object.
    return Store.memoryCache?.get(key)?.lastModified === lastModified;
  }

  async set(key, data, ctx) {
    // Set on the value Next is about to send, as well as store: the same object answers this request.
    if (data?.kind === "APP_PAGE" && typeof data.html === "string") {
      // Its scripts load on the reader's first intent (hydrate-on-intent.js); the policy hashes the loader too.
      data.html = hydrateOnIntent(data.html);
      data.headers = { ...data.headers, "content-security-policy": cachedPageCsp(data.html, { https }) };
      // An unknown slug or path renders the 404 view (page-status.js): Next sends this status with it.
      if (rendersNotFound(data.html)) data.status = 404;
      // A page that exists names its alternates (the proxy no longer sees it); a 404 has none.
      const pagePath = publicPathOfCacheKey(key);
      const found = (data.status ?? 200) === 200;
      if (found && pagePath) data.headers.link = withLink(data.headers.link, hreflangLink(siteOrigin(env), pagePath));
      // A 404 is rendered again on each request rather than stored, so that junk URLs add no entries; it is
      // sent with the policy above all the same.
      if (data.status === 404) return;
      // So is a redirect (a former article slug): Next has already set its Location on the response it is
      // rendering and would add this copy of it as a second one.
      if (REDIRECT_STATUSES.has(data.status)) {
        delete data.headers.location;
        return;
      }
    }
    if (this.unscoped) return;
    return super.set(key, data, ctx);
  }
}
