import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The site runs on Node.js 24 LTS. CI (.ci/run sets CI=true) must run the suite on it even where the machine's
 * own Node is older: vitest itself, and whatever a test spawns by `process.execPath` or by `node` on PATH
 * (tsx, the launcher, next build and next start).
 */
const ci = process.env.CI === "true";

describe("Node.js runtime", () => {
  it.runIf(ci)("runs the test suite on Node.js 24", () => {
    expect(process.version).toMatch(/^v24\./);
  });

  it.runIf(ci)("gives spawned processes Node.js 24, by execPath and by PATH", () => {
    const byExecPath = execFileSync(process.execPath, ["-p", "process.version"], { encoding: "utf8" }).trim();
    const byPath = execFileSync("node", ["-p", "process.version"], { encoding: "utf8" }).trim();
    expect([byExecPath, byPath]).toEqual([process.version, process.version]);
  });

  it("declares Node.js 24 in package.json (engines) and pins its types to 24", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.engines.node).toMatch(/^>=24\b/);
    expect(pkg.devDependencies["@types/node"]).toMatch(/^\^24\./);
  });
});
