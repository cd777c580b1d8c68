import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIdOf, cacheNamespace } from "~/platform/cache/namespace.mjs";
import { siteOrigin } from "~/platform/request-edge/site-origin.js";

/**
 * The namespace of the page and data cache: what a stored entry was rendered for. Two servers share entries
 * only when they run the same build, publish the same origin and read the same database.
 */
const base = {
  buildId: "b1Zx0-build",
  siteOrigin: "https://riesgos-ia.example",
  databaseId: "2f1c3a7e-4b7e-4c55-9b1e-0c1d2e3f4a5b.16384.7714460057484756994.1",
};

describe("cacheNamespace", () => {
  it("is the same for the same configuration, on any instance", () => {
    expect(cacheNamespace(base)).toBe(cacheNamespace({ ...base }));
    expect(cacheNamespace(base)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes with the build, the origin and the database", () => {
    const seen = new Set([
      cacheNamespace(base),
      cacheNamespace({ ...base, buildId: "another-build" }),
      cacheNamespace({ ...base, siteOrigin: "http://localhost:3000" }),
      cacheNamespace({ ...base, siteOrigin: "https://riesgos-ia.example/es" }),
      cacheNamespace({ ...base, databaseId: base.databaseId.replace(".16384.", ".16385.") }),
      cacheNamespace({ ...base, databaseId: base.databaseId.replace(/^2f/, "3f") }),
    ]);
    expect(seen.size).toBe(6);
  });

  it("keeps the parts apart (no two configurations run together into one string)", () => {
    expect(cacheNamespace({ ...base, buildId: "ab", siteOrigin: "c" })).not.toBe(
      cacheNamespace({ ...base, buildId: "a", siteOrigin: "bc" }),
    );
  });

  it("refuses a configuration with a part missing rather than share across databases", () => {
    expect(() => cacheNamespace({ ...base, databaseId: "" })).toThrow(/databaseId/);
    expect(() => cacheNamespace({ ...base, buildId: "" })).toThrow(/buildId/);
  });
});

describe("the namespace's parts", () => {
  it("reads the build's id beside its server bundles", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "ns-build-"));
    fs.mkdirSync(path.join(dist, "server"));
    fs.writeFileSync(path.join(dist, "BUILD_ID"), "Zq3-build\n");
    expect(buildIdOf(path.join(dist, "server"))).toBe("Zq3-build");
    fs.rmSync(dist, { recursive: true });
  });

  it("takes the origin every absolute URL starts with: SITE_URL, or localhost on the port", () => {
    expect(siteOrigin({ SITE_URL: "https://riesgos-ia.example/", PORT: 3000 })).toBe("https://riesgos-ia.example");
    expect(siteOrigin({ SITE_URL: undefined, PORT: 4100 })).toBe("http://localhost:4100");
  });
});
