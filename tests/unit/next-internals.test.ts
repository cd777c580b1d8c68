import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { PAGE_STORE_FOLDER } from "~/platform/cache/namespace.mjs";
import {
  APP_PATH_ROUTES_MANIFEST,
  INCREMENTAL_CACHE_GLOBAL,
  isMissingIncrementalCache,
  MISSING_INCREMENTAL_CACHE,
} from "~/platform/next-internals/next-internals.ts";

/**
 * What src/platform/next-internals relies on, checked against the installed next: a Next upgrade that renames
 * the global, rewords the invariant, renames the manifest or drops a method fails here, not in production.
 */
const require = createRequire(import.meta.url);
const source = (module: string) => fs.readFileSync(require.resolve(`next/dist/${module}`), "utf8");

describe("the Next.js internals the app uses still exist in the installed next", () => {
  it("unstable_cache throws the invariant the fallback recognises, and reads the server's cache global", () => {
    const unstableCache = source("server/web/spec-extension/unstable-cache.js");
    expect(unstableCache).toContain(`${MISSING_INCREMENTAL_CACHE} in unstable_cache`);
    expect(unstableCache).toContain(`globalThis.${INCREMENTAL_CACHE_GLOBAL}`);
    expect(isMissingIncrementalCache(new Error(`${MISSING_INCREMENTAL_CACHE} in unstable_cache fn`))).toBe(true);
    expect(isMissingIncrementalCache(new Error("something else"))).toBe(false);
  });

  it("the server keeps its cache on that global, an IncrementalCache with revalidateTag and cacheHandler", () => {
    expect(source("server/next-server.js")).toContain(`globalThis.${INCREMENTAL_CACHE_GLOBAL}`);
    const { IncrementalCache } = require("next/dist/server/lib/incremental-cache/index.js") as {
      IncrementalCache: { prototype: Record<string, unknown> };
    };
    expect(typeof IncrementalCache.prototype.revalidateTag).toBe("function");
    expect(source("server/lib/incremental-cache/index.js")).toContain("this.cacheHandler = new");
  });

  it("the build's app routes manifest keeps its name, a map of app paths to routes", () => {
    const constants = require("next/dist/shared/lib/constants.js") as { APP_PATH_ROUTES_MANIFEST: string };
    expect(constants.APP_PATH_ROUTES_MANIFEST).toBe(APP_PATH_ROUTES_MANIFEST);
    // The build writes it as { [appPath]: route } (the route being the normalised app path), the shape
    // readAppPathRoutes reads.
    const build = source("build/index.js");
    expect(build).toContain("appPathRoutes[key] = pathname;");
    expect(build).toMatch(/writeManifest\([^;]*APP_PATH_ROUTES_MANIFEST\), appPathRoutes\)/);
    const normalize = require("next/dist/shared/lib/router/utils/app-paths.js") as {
      normalizeAppPath: (p: string) => string;
    };
    expect(normalize.normalizeAppPath("/[locale]/noticias/[slug]/page")).toBe("/[locale]/noticias/[slug]");
  });

  it("the file-system store keeps pages under the server folder's route-cache, and the build id beside it", () => {
    const keys = require("next/dist/server/lib/route-cache-key.js") as { ROUTE_CACHE_DIRECTORY: string };
    expect(keys.ROUTE_CACHE_DIRECTORY).toBe(PAGE_STORE_FOLDER);
    const FileSystemCache = (
      require("next/dist/server/lib/incremental-cache/file-system-cache.js") as {
        default: new (ctx: object) => { getFilePath(key: string, kind: string): string };
      }
    ).default;
    const store = new FileSystemCache({ fs, serverDistDir: "/dist/server", revalidatedTags: [] });
    expect(store.getFilePath(`/${PAGE_STORE_FOLDER}/app/0a1b/$/es.html`, "APP_PAGE")).toBe(
      `/dist/server/${PAGE_STORE_FOLDER}/app/0a1b/$/es.html`,
    );
    expect((require("next/constants") as { BUILD_ID_FILE: string }).BUILD_ID_FILE).toBe("BUILD_ID");
  });

  it("the in-process store keeps its entries in one memory cache on the class, and the tag manifest its checks", () => {
    // The page fast path (page-cache-handler.mjs `holds`) asks both whether a stored page still stands.
    const FileSystemCache = (
      require("next/dist/server/lib/incremental-cache/file-system-cache.js") as {
        default: { memoryCache?: { get(key: string): unknown } } & (new (ctx: object) => object);
      }
    ).default;
    new FileSystemCache({ fs, serverDistDir: "/dist/server", revalidatedTags: [], maxMemoryCacheSize: 1024 });
    expect(typeof FileSystemCache.memoryCache?.get).toBe("function");
    const manifest = require("next/dist/server/lib/incremental-cache/tags-manifest.external.js") as Record<
      string,
      unknown
    >;
    expect(typeof manifest.areTagsExpired).toBe("function");
    expect(typeof manifest.areTagsStale).toBe("function");
    // A response answered from the cache says so in this header, which the fast path keeps answers by.
    expect(source("build/templates/app-page-runtime.js")).toContain("res.setHeader('x-nextjs-cache'");
  });
});
