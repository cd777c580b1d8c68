import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Bytes of every file under a folder (0 if it does not exist). */
function folderBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).reduce((sum, entry) => {
    return entry.isFile() ? sum + fs.statSync(path.join(entry.parentPath, entry.name)).size : sum;
  }, 0);
}

describe("the build npm start makes (the suite's global set-up built it)", () => {
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";

  it("has an Edge instrumentation that holds none of the app (it once compiled every feature a second time)", () => {
    expect(fs.existsSync(path.join(dist, "BUILD_ID"))).toBe(true);
    // Next's Edge wrapper alone is a few kB; with the job list in it, it was 33 MB.
    expect(folderBytes(path.join(dist, "server", "edge"))).toBeLessThan(256 * 1024);
  });

  it("skips the server bundles' source maps, which only a debugging build needs", () => {
    const maps = fs
      .readdirSync(path.join(dist, "server"), { recursive: true })
      .filter((f) => String(f).endsWith(".map"));
    expect(maps).toEqual([]);
  });
});

describe("metadata in <head> for every visitor", () => {
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  // Next streams generateMetadata's tags into <body> for any user agent its htmlLimitedBots pattern does not
  // match; a slow query then gave a browser or the validators <title> and <meta> inside <body>.
  it.each([
    ["a browser", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"],
    ["Node's fetch", "node"],
    ["an unknown crawler", "SomeNewsReader/2.1"],
  ])("%s gets blocking metadata", async (_who, userAgent) => {
    const built = JSON.parse(fs.readFileSync(path.join(dist, "required-server-files.json"), "utf8"));
    const { shouldServeStreamingMetadata } = await import("next/dist/server/lib/streaming-metadata.js");
    expect(shouldServeStreamingMetadata(userAgent, built.config.htmlLimitedBots)).toBe(false);
  });
});
