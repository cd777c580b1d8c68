import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm test` after its prerequisites: the static checks (types, lint, dependency rules) side by side with the
 * test projects (`vitest run`, with this script's arguments), not before them. Run first, the type check alone
 * held one of the two cores idle for most of a minute. Any failing check fails the run at once: its output is
 * printed, the tests are stopped and the exit status is 1. Otherwise the status is vitest's.
 */
export const CHECKS = [
  { name: "tsc --noEmit", bin: "tsc", args: ["--noEmit"] },
  { name: "biome check", bin: "biome", args: ["check", "src", "tests", "scripts", "seed", "emails", "bench"] },
  { name: "dependency rules", bin: "depcruise", args: ["src", "--config", ".dependency-cruiser.cjs"] },
];

const bin = (name) => path.resolve("node_modules/.bin", name);

/**
 * The checks this run makes: all of them, except on the second and later shards of a suite split across
 * machines (`--shard=i/n` or `--shard i/n`), where the first shard's machine has made them already.
 */
export function checksFor(args) {
  const at = args.findIndex((a) => a === "--shard" || a.startsWith("--shard="));
  const value = at < 0 ? undefined : args[at].startsWith("--shard=") ? args[at].slice(8) : args[at + 1];
  const index = Number(value?.split("/")[0]);
  return Number.isInteger(index) && index > 1 ? [] : CHECKS;
}

/** Runs one check with its output kept; resolves with its status and output. */
function runCheck(check) {
  return new Promise((resolve) => {
    const child = spawn(bin(check.bin), check.args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (err) => resolve({ check, status: 1, output: `${output}${err.message}\n` }));
    child.on("close", (status) => resolve({ check, status: status ?? 1, output }));
  });
}

async function main() {
  const startedAt = Date.now();
  const checks = checksFor(process.argv.slice(2));
  // Its own process group, so that a failed check stops vitest and every server and browser it started.
  const tests = spawn(bin("vitest"), ["run", ...process.argv.slice(2)], { stdio: "inherit", detached: true });
  const testsEnded = new Promise((resolve) => tests.on("close", (status) => resolve(status ?? 1)));
  const stopTests = () => {
    try {
      process.kill(-tests.pid, "SIGTERM");
    } catch {}
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stopTests);

  const failed = await new Promise((resolve) => {
    let pending = checks.length;
    if (pending === 0) resolve(undefined);
    for (const check of checks) {
      void runCheck(check).then((result) => {
        if (result.status !== 0) resolve(result);
        else if (--pending === 0) resolve(undefined);
      });
    }
  });
  if (failed) {
    stopTests();
    process.stderr.write(`\n${failed.output}\nnpm test: ${failed.check.name} failed (exit ${failed.status})\n`);
    await Promise.race([testsEnded, new Promise((r) => setTimeout(r, 10_000))]);
    process.exit(1);
  }
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  if (checks.length > 0)
    process.stdout.write(`\nnpm test: ${checks.map((c) => c.name).join(", ")} passed (${seconds} s)\n`);
  process.exit(await testsEnded);
}

// Run, not imported (the type-check gate's test reads CHECKS).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
