import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumPath } from "../e2e/browser.ts";

/**
 * `npm test` alone must be enough on a fresh machine: its first step checks the programs the tests drive and
 * fails at once with the one command to run, rather than a browser test failing twenty minutes in.
 */
const SCRIPT = "scripts/test-prerequisites.sh";

/** A PATH holding only `node` (this Node) and the basic shell tools, none of the packages the tests drive. */
function barePath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prereq-"));
  fs.symlinkSync(process.execPath, path.join(dir, "node"));
  for (const tool of ["sh", "id", "env", "printf"]) {
    const found = ["/usr/bin", "/bin"].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (found) fs.symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

function run(env: Record<string, string | undefined>) {
  const started = Date.now();
  const result = spawnSync("/bin/sh", [SCRIPT], { env: env as NodeJS.ProcessEnv, encoding: "utf8" });
  return { status: result.status, stderr: result.stderr, ms: Date.now() - started };
}

describe("test prerequisites", () => {
  it("passes on this machine, which has every package", () => {
    const result = run({ ...process.env, TEST_PREREQUISITES_INSTALL: "never" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("fails at once, naming every missing package and the one command to run", () => {
    const env = { PATH: barePath(), TEST_PREREQUISITES_INSTALL: "never", HOME: os.tmpdir() };
    const result = run(env);
    expect(result.status).toBe(1);
    for (const pkg of ["chromium-headless-shell", "nginx", "libxml2-utils", "redis-server"])
      expect(result.stderr).toContain(pkg);
    expect(result.stderr).toMatch(
      /Run: sudo apt-get install -y chromium-headless-shell nginx libxml2-utils redis-server/,
    );
    expect(result.ms).toBeLessThan(5_000);
  });

  it("asks for the headless-only Chromium where only the desktop one is installed, and lets the tests use that", () => {
    const dir = barePath();
    fs.symlinkSync("/bin/true", path.join(dir, "chromium"));
    const result = run({ PATH: dir, TEST_PREREQUISITES_INSTALL: "never", HOME: os.tmpdir() });
    expect(result.stderr).toMatch(/no chromium-headless-shell; the browser tests use the desktop chromium/);
    expect(result.stderr).toMatch(/sudo apt-get install -y chromium-headless-shell\)/);
    // Still failing on what else is missing, without the browser in the list.
    expect(result.stderr).toMatch(/Run: sudo apt-get install -y nginx libxml2-utils redis-server/);
    // With the rest there, it passes.
    for (const tool of ["nginx", "xmllint", "redis-server"]) {
      const found = ["/usr/sbin", "/usr/bin"].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
      if (found) fs.symlinkSync(found, path.join(dir, tool));
    }
    expect(run({ PATH: dir, TEST_PREREQUISITES_INSTALL: "never", HOME: os.tmpdir() }).status).toBe(0);
  });

  it("has the tests drive the headless-only Chromium it installs, unless CHROME_PATH names another", () => {
    const chromePath = process.env.CHROME_PATH;
    delete process.env.CHROME_PATH;
    try {
      expect(chromiumPath()).toBe("/usr/lib/chromium/chromium-headless-shell");
      process.env.CHROME_PATH = "/usr/bin/chromium";
      expect(chromiumPath()).toBe("/usr/bin/chromium");
    } finally {
      delete process.env.CHROME_PATH;
      if (chromePath !== undefined) process.env.CHROME_PATH = chromePath;
    }
  });

  it("accepts CHROME_PATH instead of a chromium on PATH", () => {
    const env = { PATH: barePath(), TEST_PREREQUISITES_INSTALL: "never", CHROME_PATH: "/opt/chrome" };
    expect(run(env).stderr).not.toMatch(/chromium/);
  });

  it("runs first in `npm test`, and CI shares it instead of a list of its own", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.scripts.test).toMatch(/^sh scripts\/test-prerequisites\.sh && /);
    expect(fs.readFileSync(".ci/run", "utf8")).not.toMatch(/apt-get install/);
  });
});
