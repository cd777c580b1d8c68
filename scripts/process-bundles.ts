import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as esbuild from "esbuild";
import { newerThan } from "./build-freshness.ts";

/**
 * The site's own processes that `npm start` runs beside Next's build (the server, the newsletter send's process,
 * the fediverse's), bundled into plain JavaScript once per build, in the build's folder. Run through tsx, each
 * start paid for tsx's loader on every module it loaded, Next's server chunks included: 0.9–1.4 CPU-s a process
 * (bench/README.md, "Server start"). `npm run dev` still runs the sources through tsx.
 */
export const PROCESS_SOURCES = {
  serve: "scripts/serve.ts",
  send: "scripts/send-process.ts",
  fediverse: "scripts/fediverse-process.ts",
} as const;

export type ProcessName = keyof typeof PROCESS_SOURCES;

/** What the bundles are made from: a change to any of these makes them stale. */
const SOURCE_ROOTS = ["src", "scripts", "emails", "seed", "messages", "package-lock.json", "tsconfig.json"];
const FOLDER = "processes";
const MARKER = ".bundled";

export const processBundle = (distDir: string, name: ProcessName) =>
  path.resolve(distDir, FOLDER, `${path.basename(PROCESS_SOURCES[name], ".ts")}.mjs`);

export function processBundlesAreStale(distDir: string): boolean {
  const marker = path.resolve(distDir, FOLDER, MARKER);
  if (!fs.existsSync(marker)) return true;
  return newerThan(SOURCE_ROOTS, fs.statSync(marker).mtimeMs);
}

/**
 * Plain JavaScript files of the site's own (`.mjs`/`.js` under src and scripts) stay outside the bundles and load
 * as they are: Next's server loads some of them itself (the page cache handler, the request edge's preload), and
 * state they keep for both (the page fast path's kept answers) must be one module, not a copy in each. They are
 * named relative to the bundles' folder, so a checkout that moves keeps working.
 */
function ownPlainJavaScriptOutside(outdir: string): esbuild.Plugin {
  return {
    name: "own-plain-javascript-outside",
    setup(build) {
      build.onResolve({ filter: /\.(mjs|js|cjs)$/ }, async (args) => {
        if (args.pluginData === MARKER) return undefined;
        const resolved = await build.resolve(args.path, {
          importer: args.importer,
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: MARKER,
        });
        // A `.js` specifier can name a TypeScript file (TypeScript's convention): that one is bundled.
        if (resolved.errors.length > 0 || resolved.external || !/\.(mjs|js|cjs)$/.test(resolved.path)) return undefined;
        return { path: `./${path.relative(outdir, resolved.path)}`, external: true };
      });
    },
  };
}

/**
 * A package without an `exports` map (Next.js) is reached by subpath with the file's extension (`next/cache.js`):
 * Node's ESM loader, unlike tsx or a bundler, adds none.
 */
const packageSubpathsWithExtension: esbuild.Plugin = {
  name: "package-subpaths-with-extension",
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[a-z0-9][^/:]*\/./ }, (args) => {
      const parts = args.path.split("/");
      const name = parts.slice(0, args.path.startsWith("@") ? 2 : 1).join("/");
      const from = createRequire(path.join(args.resolveDir, "noop.js"));
      let manifest: string;
      try {
        manifest = from.resolve(`${name}/package.json`);
      } catch {
        return undefined; // a tsconfig path (`@emails/…`) or a package whose `exports` hides its manifest
      }
      if ((JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports?: unknown }).exports) return undefined;
      const file = from.resolve(args.path);
      return { path: `${name}/${path.relative(path.dirname(manifest), file)}`, external: true };
    });
  },
};

/** Bundles the three processes into `<distDir>/processes/` (about 700 kB, 1–2 s), replacing what was there. */
export async function bundleProcesses(distDir: string): Promise<void> {
  const final = path.resolve(distDir, FOLDER);
  // Written beside, marked and then moved in place: a folder holding a marker holds every bundle.
  const outdir = `${final}.${process.pid}`;
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: process.cwd(),
    entryPoints: Object.values(PROCESS_SOURCES),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    // Packages load from node_modules as they do for Next's server (one copy of each per process).
    packages: "external",
    jsx: "automatic",
    sourcemap: "linked",
    plugins: [ownPlainJavaScriptOutside(final), packageSubpathsWithExtension],
    // A CommonJS `require` inside a bundled module (an ESM bundle has none of its own).
    banner: {
      js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
    },
    logLevel: "error",
  });
  fs.writeFileSync(path.join(outdir, MARKER), new Date().toISOString());
  fs.rmSync(final, { recursive: true, force: true });
  fs.renameSync(outdir, final);
}
