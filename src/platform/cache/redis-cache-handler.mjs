import { createClient } from "redis";
import { env } from "../env/env.js";

/**
 * Next.js's data cache (`cacheHandler` in next.config.mjs, used by unstable_cache) kept in Redis, so that
 * every instance of the site reads the same entries and a tag expired on one instance is expired on all.
 * Loaded by the Next.js server itself (plain JavaScript, like the other server preloads).
 *
 * Layout, under KEY_PREFIX:
 *   e:<namespace>:<key>  one entry: JSON { gen, lastModified, tags, value }, with a TTL
 *   t:<tag>   the set of entry keys carrying the tag, of every namespace; expiring a tag deletes them (one Lua
 *             call, atomic)
 *   gen       the cache generation; entries of an older generation are misses
 *
 * The namespace (namespace.mjs: build, SITE_URL, database) keeps apart what differently configured servers
 * render from one Redis: a rolling deploy's two builds, a staging site on another database. Tags and the
 * generation are not namespaced: a write on the new build expires what the old build still serves.
 *
 * Never stale, never an error while Redis is away: any failed or timed-out command puts the handler in
 * bypass (every read goes to the database, nothing is stored, the expiries it could not write are lost).
 * Once Redis answers again the handler raises the generation before it serves from the cache, which
 * expires every entry written before — including the ones whose tag expiry was lost meanwhile. The
 * generation is read with each entry (one MGET), so every instance sees the new one at once.
 */
const KEY_PREFIX = "riesgos:cache:";
const GEN_KEY = `${KEY_PREFIX}gen`;
/** A command slower than this counts as Redis being away (a loopback or LAN Redis answers in < 1 ms). */
const COMMAND_TIMEOUT_MS = 500;
/** How often a handler in bypass tries Redis again. */
const PROBE_EVERY_MS = 250;
/** Entries without a revalidate time (never the case for this site's reads) still go after a day. */
const DEFAULT_TTL_S = 86_400;

const EXPIRE_TAGS = `
for _, tagKey in ipairs(KEYS) do
  local members = redis.call('SMEMBERS', tagKey)
  for i = 1, #members, 500 do
    redis.call('UNLINK', unpack(members, i, math.min(i + 499, #members)))
  end
  redis.call('UNLINK', tagKey)
end
return 0`;

/**
 * One connection per server process, shared by every CacheHandler Next creates (one per request) and by
 * expireSharedTags (the app's bundle may hold a second copy of this module, hence globalThis).
 */
function sharedConnection(url = env.REDIS_URL) {
  if (!url) throw new Error("REDIS_URL is not set");
  globalThis.__riesgosRedisCache ??= openRedisCache(url);
  return globalThis.__riesgosRedisCache;
}

/**
 * Expires tags in the shared cache on this process's connection, outside any request: a job's write (the
 * entries may be on any instance). Never through Next's process-wide cache, which may be the proxy's, with no
 * handler (see src/platform/cache/expire-tags.ts). A failed expiry raises the generation when Redis is back.
 */
export async function expireSharedTags(url, tags) {
  const state = sharedConnection(url);
  // A fresh connection: give it a moment, so the expiry is written now rather than folded into a generation.
  for (let waited = 0; !state.healthy && waited < 2000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  await new RedisCacheHandler(undefined, state).revalidateTag(tags);
}

/** A connection and its health; one per server process (tests open several to play several instances). */
export function openRedisCache(url) {
  const state = {
    client: createClient({
      url,
      // Fail fast while disconnected instead of queueing reads behind a dead socket.
      disableOfflineQueue: true,
      socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000) },
    }),
    /** Serving from Redis: only after a successful (re)start of the generation. */
    healthy: false,
    /** True when the next connection must raise the generation (an outage, a lost expiry). */
    mustRaiseGeneration: false,
    gen: 0,
    probing: undefined,
  };
  state.close = () => {
    state.closed = true;
    state.healthy = false;
    return state.client.destroy();
  };
  state.client.on("error", () => markDown(state));
  state.client.on("end", () => markDown(state));
  state.client.connect().catch(() => markDown(state));
  probe(state);
  return state;
}

/** Something went wrong with Redis: bypass the cache until it answers again with a new generation. */
function markDown(state) {
  if (state.closed) return;
  if (state.healthy) state.mustRaiseGeneration = true;
  state.healthy = false;
  probe(state);
}

function probe(state) {
  state.probing ??= (async () => {
    while (!state.healthy && !state.closed) {
      try {
        if (state.client.isReady) {
          if (state.mustRaiseGeneration) {
            state.gen = Number(await timed(state.client.incr(GEN_KEY)));
            state.mustRaiseGeneration = false;
          } else state.gen = Number((await timed(state.client.get(GEN_KEY))) ?? 0);
          state.healthy = true;
          break;
        }
      } catch {
        // still away: try again shortly
      }
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
    state.probing = undefined;
  })();
}

function timed(promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("redis command timed out")), COMMAND_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Next's values hold Buffers (route bodies, RSC payloads) and Maps (segment data): keep them as such. */
function replacer(_key, value) {
  if (value && value.type === "Buffer" && Array.isArray(value.data))
    return { $b: Buffer.from(value.data).toString("base64") };
  if (value instanceof Map) return { $m: [...value.entries()] };
  return value;
}
function reviver(_key, value) {
  if (value && typeof value === "object") {
    if (typeof value.$b === "string") return Buffer.from(value.$b, "base64");
    if (Array.isArray(value.$m)) return new Map(value.$m);
  }
  return value;
}

export default class RedisCacheHandler {
  /**
   * Next passes its context only; the connection is the process's own unless a test hands one in, and the
   * namespace is given by ../request-edge/page-cache-handler.mjs (an expiry alone needs none).
   */
  constructor(_ctx, state = sharedConnection(), namespace = "") {
    this.state = state;
    this.entryPrefix = `${KEY_PREFIX}e:${namespace}:`;
  }

  async get(key) {
    const state = this.state;
    if (!state.healthy) return null;
    try {
      const [raw, gen] = await timed(state.client.mGet([`${this.entryPrefix}${key}`, GEN_KEY]));
      const current = Number(gen ?? 0);
      state.gen = current;
      if (!raw) return null;
      const entry = JSON.parse(raw, reviver);
      if (entry.gen !== current) return null;
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch {
      markDown(state);
      return null;
    }
  }

  /**
   * Whether the entry of `key` read at `lastModified` is still the one stored, in the current generation:
   * a tag expiry deletes it, a new render replaces it, a raised generation retires it. Reads the entry's
   * first bytes only (JSON.stringify keeps `gen` and `lastModified` first, as set() writes them).
   */
  async holds(key, lastModified) {
    const state = this.state;
    if (!state.healthy) return false;
    try {
      const head = (gen) => `{"gen":${gen},"lastModified":${lastModified},`;
      const longest = head(Number.MAX_SAFE_INTEGER).length;
      const [stored, gen] = await timed(
        Promise.all([state.client.getRange(`${this.entryPrefix}${key}`, 0, longest - 1), state.client.get(GEN_KEY)]),
      );
      const current = Number(gen ?? 0);
      state.gen = current;
      return typeof stored === "string" && stored.startsWith(head(current));
    } catch {
      markDown(state);
      return false;
    }
  }

  async set(key, data, ctx) {
    const state = this.state;
    if (!state.healthy) return;
    // A stored page names its tags in a header (the data-cache entries it was rendered from).
    const pageTags = data?.headers?.["x-next-cache-tags"];
    const tags = ctx?.tags ?? data?.tags ?? (typeof pageTags === "string" ? pageTags.split(",") : []);
    const revalidate = ctx?.cacheControl?.revalidate ?? data?.revalidate;
    const ttl = typeof revalidate === "number" && revalidate > 0 ? revalidate * 2 : DEFAULT_TTL_S;
    const entryKey = `${this.entryPrefix}${key}`;
    // Stored with the generation this handler last read: if it was raised since, the entry is a miss.
    const entry = { gen: state.gen, lastModified: Date.now(), cacheControl: ctx?.cacheControl, value: data };
    try {
      const multi = state.client.multi().set(entryKey, JSON.stringify(entry, replacer), { EX: ttl });
      for (const tag of tags) multi.sAdd(`${KEY_PREFIX}t:${tag}`, entryKey).expire(`${KEY_PREFIX}t:${tag}`, ttl);
      await timed(multi.exec());
    } catch {
      markDown(state);
    }
  }

  async revalidateTag(tags) {
    const state = this.state;
    const list = (Array.isArray(tags) ? tags : [tags]).filter(Boolean);
    if (list.length === 0) return;
    if (!state.healthy) {
      // The expiry cannot be written: the generation is raised when Redis is back.
      state.mustRaiseGeneration = true;
      return;
    }
    try {
      await timed(state.client.eval(EXPIRE_TAGS, { keys: list.map((t) => `${KEY_PREFIX}t:${t}`), arguments: [] }));
    } catch {
      state.mustRaiseGeneration = true;
      markDown(state);
    }
  }

  resetRequestCache() {}
}
