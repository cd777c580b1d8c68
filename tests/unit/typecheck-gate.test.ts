import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start` builds without type-checking (next.config.mjs, SERVE_ONLY_BUILD): a type error must still fail
 * `npm test`, and with it CI (.ci/run). The test command type-checks first, with the project's own compiler
 * options, over every source file; a deliberately broken copy of a source file fails that step.
 */
const ROOT = path.resolve(".");
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

function typecheck(dir: string) {
  const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
  return spawnSync(process.execPath, [tsc, "--noEmit", "-p", dir], { encoding: "utf8" });
}

describe("type errors fail the test command", () => {
  it("npm test runs tsc --noEmit over the project beside the tests (after its prerequisites check), and CI runs npm test", async () => {
    expect(pkg.scripts.test).toBe("sh scripts/test-prerequisites.sh && node scripts/run-tests.mjs");
    const { CHECKS } = (await import("../../scripts/run-tests.mjs")) as { CHECKS: { bin: string; args: string[] }[] };
    expect(CHECKS).toContainEqual(expect.objectContaining({ bin: "tsc", args: ["--noEmit"] }));
    expect(fs.readFileSync(".ci/run", "utf8")).toMatch(/^npm test\b/m);
    const tsconfig = JSON.parse(fs.readFileSync("tsconfig.json", "utf8")) as { include: string[] };
    expect(tsconfig.include).toEqual(expect.arrayContaining(["**/*.ts", "**/*.tsx"]));
    // Only the launcher's build skips the check; `npm run build` is a plain `next build`.
    expect(pkg.scripts.build).toBe("next build");
    expect(fs.readFileSync("scripts/start.ts", "utf8")).toContain('"SERVE_ONLY_BUILD"');
  });

  it("runs the checks once per suite split across machines: on the first shard, not the later ones", async () => {
    const { CHECKS, checksFor } = (await import("../../scripts/run-tests.mjs")) as {
      CHECKS: unknown[];
      checksFor: (args: string[]) => unknown[];
    };
    expect(checksFor([])).toBe(CHECKS);
    expect(checksFor(["--shard=1/2"])).toBe(CHECKS);
    expect(checksFor(["--reporter=dot", "--shard", "1/3"])).toBe(CHECKS);
    expect(checksFor(["--shard=2/2"])).toEqual([]);
    expect(checksFor(["--shard", "3/3", "--reporter=dot"])).toEqual([]);
  });

  it("a failing check fails the run at once, stopping the tests it runs beside", () => {
    // A project whose tsc fails and whose tests would run for a minute: the runner must not wait for them.
    fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, "test-results", "run-tests-"));
    try {
      const bin = path.join(dir, "node_modules/.bin");
      fs.mkdirSync(bin, { recursive: true });
      const tool = (name: string, body: string) => {
        fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
        fs.chmodSync(path.join(bin, name), 0o755);
      };
      // The check fails once the tests are running beside it (their pid written whole): failing before that, it
      // raced their start, and a run stopped between creating the pid file and writing it read pid 0, the
      // test's own process group.
      tool(
        "tsc",
        'while [ ! -s vitest.pid ]; do sleep 0.05; done; echo "form-limits.ts(3,14): error TS2322: broken"; exit 2',
      );
      tool("biome", "exit 0");
      tool("depcruise", "exit 0");
      // Tests that would end (and say so) a minute later, unless the runner stops them.
      tool("vitest", `echo "$$" > vitest.pid.part && mv vitest.pid.part vitest.pid; sleep 60; touch tests-ended`);
      const run = spawnSync(process.execPath, [path.join(ROOT, "scripts/run-tests.mjs")], {
        cwd: dir,
        encoding: "utf8",
        timeout: 90_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("error TS2322");
      expect(run.stderr).toContain("tsc --noEmit failed");
      expect(fs.existsSync(path.join(dir, "tests-ended"))).toBe(false);
      const testsPid = Number(fs.readFileSync(path.join(dir, "vitest.pid"), "utf8"));
      expect(testsPid).toBeGreaterThan(0);
      expect(() => process.kill(testsPid, 0)).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("the typecheck step rejects a broken copy of a source file and accepts the original", () => {
    // Inside the project (so its node_modules resolve) but in test-results/, which tsconfig.json excludes.
    fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, "test-results", "typecheck-gate-"));
    try {
      const source = fs.readFileSync("src/ui/form-limits.ts", "utf8");
      const tsconfig = {
        extends: path.join(ROOT, "tsconfig.json"),
        compilerOptions: { incremental: false, plugins: [], types: [] },
        include: ["*.ts"],
        exclude: [],
      };
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
      fs.writeFileSync(path.join(dir, "form-limits.ts"), source);
      const clean = typecheck(dir);
      expect(clean.status, clean.stdout).toBe(0);
      fs.writeFileSync(path.join(dir, "form-limits.ts"), `${source}\nexport const broken: number = "six";\n`);
      const broken = typecheck(dir);
      expect(broken.status).not.toBe(0);
      expect(broken.stdout).toMatch(/error TS2322/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
