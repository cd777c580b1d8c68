import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each thread's nice value (field 19 of /proc/<pid>/task/<tid>/stat, after the command's closing paren). */
function threadNices(pid: number): { name: string; nice: number }[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { name: fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim(), nice: Number(fields[16]) };
  });
}

describe.runIf(process.platform === "linux")("lowerProcessPriority", () => {
  it("lowers every thread of the process, V8's own helpers included, and the threads started after", async () => {
    // A process that lowers itself once loaded, as the fediverse's deliveries process does, then starts
    // libuv's worker threads (a hash on the thread pool) and reports.
    const script = [
      `const { lowerProcessPriority } = await import(${JSON.stringify(path.join(ROOT, "src/platform/cpu/lower-priority.ts"))});`,
      "lowerProcessPriority(15);",
      "const { pbkdf2 } = await import('node:crypto');",
      "await Promise.all([1, 2, 3, 4].map(() => new Promise((r) => pbkdf2('x', 'y', 1000, 32, 'sha256', r))));",
      "process.send({ ready: true });",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once("message", () => resolve());
        child.once("exit", (code) => reject(new Error(`exited ${code} before it was ready`)));
      });
      const threads = threadNices(child.pid!);
      expect(threads.some((t) => t.name.startsWith("V8Worker"))).toBe(true);
      expect(threads.some((t) => t.name.startsWith("libuv-worker"))).toBe(true);
      expect(threads.filter((t) => t.nice !== 15)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
