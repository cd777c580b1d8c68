/**
 * The public origin of every absolute URL the site publishes, without a trailing slash: SITE_URL, or
 * http://localhost:$PORT when unset. Plain JavaScript: the cache handler, which Next loads unbundled, keys
 * stored pages on it (platform/cache/namespace.mjs) as site-url.ts renders them with it.
 * @param {{ SITE_URL?: string | undefined; PORT: number | string }} settings
 * @returns {string}
 */
export function siteOrigin({ SITE_URL, PORT }) {
  return (SITE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "");
}
