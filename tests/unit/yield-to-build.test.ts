import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A process that yields its session while a piece of work of its own runs, as the suite's global setup does while
 * the build is made: the work ends when the test says so ("resolve" or "reject"), and the process reports.
 */
const SCRIPT = [
  `const { yieldWhile } = await import(${JSON.stringify(path.join(ROOT, "tests/setup/yield-to-build.ts"))});`,
  "let end;",
  "const work = new Promise((resolve, reject) => { end = { resolve, reject }; });",
  "yieldWhile(work, 7).then((v) => process.send({ settled: v }), (e) => process.send({ settled: e.message }));",
  "process.on('message', (m) => (m === 'reject' ? end.reject(new Error('the build failed')) : end.resolve('built')));",
  "process.send({ yielding: true });",
  "setInterval(() => {}, 1000);",
].join("\n");

function start(ownSession: boolean): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    cwd: ROOT,
    detached: ownSession,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}
const next = (child: ChildProcess) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Record<string, unknown>));
    child.once("exit", (code) => reject(new Error(`exited ${code}`)));
  });
const autogroup = (pid: number | "self") => fs.readFileSync(`/proc/${pid}/autogroup`, "utf8").trim();

describe.runIf(fs.existsSync("/proc/self/autogroup"))("a test run yielding its session to the build", () => {
  for (const outcome of ["resolve", "reject"] as const) {
    it(`lowers its own session while the work runs and restores it once the work settles (${outcome})`, async () => {
      const child = start(true);
      try {
        await next(child);
        expect(autogroup(child.pid!)).toMatch(/ nice 7$/);
        child.send(outcome);
        expect(await next(child)).toEqual({ settled: outcome === "resolve" ? "built" : "the build failed" });
        expect(autogroup(child.pid!)).toMatch(/ nice 0$/);
      } finally {
        child.kill("SIGKILL");
      }
    });
  }

  it("leaves a session it does not lead as it was (a vitest started from a terminal)", async () => {
    // The child shares this file's session: had it lowered the session, this file's would read " nice 7" too.
    const before = autogroup("self");
    const child = start(false);
    try {
      await next(child);
      expect(autogroup(child.pid!)).toBe(before);
      child.send("resolve");
      expect(await next(child)).toEqual({ settled: "built" });
      expect(autogroup(child.pid!)).toBe(before);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
