import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { env } from "../env/env.js";
import { cachedPageCsp } from "../security/headers.js";
import RedisCacheHandler from "./redis-cache-handler.mjs";

/**
 * Next's cache handler (`cacheHandler` in next.config.mjs): Next's own file-system and in-process store, or
 * with REDIS_URL the store every instance shares (redis-cache-handler.mjs). Either way, a page stored in it
 * (an anonymous reader page, rendered once and then served to everyone until a tag expires it) gets its
 * Content-Security-Policy here, from its own HTML: the hashes of its inline scripts (security/headers.js).
 * Next sends the stored headers with the page, on the render that stored it and on every hit.
 */
const Store = env.REDIS_URL ? RedisCacheHandler : (fileSystemCache.default ?? fileSystemCache);

const https = (env.SITE_URL ?? "").startsWith("https:");

export default class PageCacheHandler extends Store {
  async set(key, data, ctx) {
    // Set on the value Next is about to send, as well as store: the same object answers this request.
    if (data?.kind === "APP_PAGE" && typeof data.html === "string")
      data.headers = { ...data.headers, "content-security-policy": cachedPageCsp(data.html, { https }) };
    return super.set(key, data, ctx);
  }
}
