import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { RUN_DIR_PREFIX, sweepStaleRunDirs } from "../setup/run-temp-dir.ts";

const root = path.resolve(import.meta.dirname, "../..");
const bases: string[] = [];
const freshBase = () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "run-temp-base-"));
  bases.push(base);
  return base;
};
afterEach(() => {
  for (const base of bases.splice(0)) fs.rmSync(base, { recursive: true, force: true });
});

/** A process that claims a run folder in `base`, writes into it, then ends as `end` says. */
function claimer(base: string, end: "exit" | "kill") {
  const script = `
    import fs from "node:fs";
    import path from "node:path";
    import { claimRunTempDir } from ${JSON.stringify(path.join(root, "tests/setup/run-temp-dir.ts"))};
    const dir = claimRunTempDir(${JSON.stringify(base)});
    fs.mkdirSync(path.join(dir, "pg"), { recursive: true });
    fs.writeFileSync(path.join(dir, "pg", "PG_VERSION"), "18");
    console.log(dir);
    if (${JSON.stringify(end)} === "kill") process.kill(process.pid, "SIGKILL");`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("the test run's temporary folder", () => {
  it("is removed, with what the run wrote in it, when the run's process exits", () => {
    const base = freshBase();
    const r = claimer(base, "exit");
    expect(r.stderr).toBe("");
    expect(path.dirname(r.stdout.trim())).toBe(base);
    expect(fs.readdirSync(base)).toEqual([]);
  });

  it("left by a killed run is swept by the next run; a live run's folder is kept", () => {
    const base = freshBase();
    const killed = claimer(base, "kill");
    expect(killed.signal).toBe("SIGKILL");
    const left = path.basename(killed.stdout.trim());
    const live = `${RUN_DIR_PREFIX}${process.pid}-live`;
    fs.mkdirSync(path.join(base, live));
    expect(fs.readdirSync(base).sort()).toEqual([left, live].sort());

    expect(sweepStaleRunDirs(base)).toEqual([left]);
    expect(fs.readdirSync(base)).toEqual([live]);
  });

  it("holds what a test file leaves in os.tmpdir(), so a vitest run leaves nothing behind", async () => {
    const base = freshBase();
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: base, CI: "true", NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    // A unit file that makes a folder per test in os.tmpdir() and leaves it.
    const child = spawn(
      path.join(root, "node_modules/.bin/vitest"),
      ["run", "--project", "unit", "tests/unit/admin-announce.test.ts"],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect(status, output).toBe(0);
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expect(fs.readdirSync(base)).toEqual([]);
  }, 60_000);

  // As root the cluster runs as `postgres`, which must reach its data folder.
  it.runIf(process.getuid?.() === 0)(
    "holds the test clusters' data folders when postgres can reach it; /tmp when it is private or missing",
    () => {
      const saved = process.env.TMPDIR;
      const open = freshBase();
      fs.chmodSync(open, 0o1777);
      const closed = freshBase();
      fs.chmodSync(closed, 0o700);
      const made: string[] = [];
      try {
        for (const [tmp, expected] of [
          [open, open],
          [closed, "/tmp"],
          [path.join(closed, "gone"), "/tmp"],
        ] as const) {
          process.env.TMPDIR = tmp;
          const dir = tempDataDir("riesgos-probe-");
          made.push(dir);
          expect(path.dirname(dir), tmp).toBe(expected);
        }
      } finally {
        process.env.TMPDIR = saved;
        for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
