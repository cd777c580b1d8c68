import fs from "node:fs";
import path from "node:path";
import { startLauncher } from "../tests/setup/launcher.ts";
import { freePort, startTestPostgres } from "../tests/setup/postgres.ts";

/**
 * CPU seconds one production start costs, per process (the launcher, Next's server, the send's and the
 * fediverse's processes), on a fresh database and the build in NEXT_DIST_DIR (default .next-e2e): at the first
 * answer of the health check, and after IDLE_SECONDS of nothing. The test suite starts some 45 of these, so a
 * start's CPU is much of its time on 2 cores. RUNS starts one after another; COMPILE_CACHE=off starts with
 * Node's module compile cache disabled (NODE_DISABLE_COMPILE_CACHE; the launcher's default is on), `both` runs
 * the two side by side.
 *
 * `npx tsx bench/server-start.ts` (RUNS=3 IDLE_SECONDS=20 COMPILE_CACHE=on|off|both)
 */
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const MODES = process.env.COMPILE_CACHE === "both" ? ["off", "on"] : [process.env.COMPILE_CACHE ?? "on"];
const DIST = process.env.NEXT_DIST_DIR ?? ".next-e2e";
const TICKS_PER_SECOND = 100;

type Row = { role: string; seconds: number };

/** CPU seconds of each process in the launcher's process group, named by what it runs. */
function groupCpu(pgid: number): Row[] {
  const rows: Row[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      const role = ["serve", "send-process", "fediverse-process", "start"].find((r) => cmd.includes(`/${r}.`));
      rows.push({ role: role ?? "other", seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return rows;
}

/** The launcher's process group: it is started detached, so the group id is the launcher's pid. */
function launcherGroup(port: number): number {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes("scripts/start.ts") && environ.split("\0").includes(`PORT=${port}`)) return Number(entry);
    } catch {}
  }
  throw new Error(`no launcher on port ${port}`);
}

const sum = (rows: Row[], role?: string) =>
  rows.filter((r) => !role || r.role === role).reduce((total, r) => total + r.seconds, 0);

const { server, createDb } = await startTestPostgres();
const cacheDir = path.resolve("node_modules/.cache/node-compile-cache");
const lines: string[] = [];
try {
  for (const mode of MODES) {
    for (let run = 1; run <= RUNS; run++) {
      const port = await freePort();
      const startedAt = Date.now();
      const launcher = await startLauncher(
        {
          DATABASE_URL: await createDb("bench_start"),
          NEXT_DIST_DIR: DIST,
          NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-bench",
          ADMIN_EMAIL: "admin-bench@riesgos-ia.test",
          ADMIN_PASSWORD: "bench-admin-password",
          DATA_DIR: `test-results/bench-start-${run}`,
          // As the test servers run: the fediverse on the loopback origin, so its process starts too.
          FEDIVERSE: "on",
          NODE_COMPILE_CACHE: cacheDir,
          // Node's own switch: every process of the start then compiles from source.
          ...(mode === "off" ? { NODE_DISABLE_COMPILE_CACHE: "1" } : {}),
        },
        port,
        `test-results/bench-start-${mode}-${run}.log`,
        5,
      );
      const readyMs = Date.now() - startedAt;
      const group = launcherGroup(port);
      const atReady = groupCpu(group);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const later = groupCpu(group);
      await launcher.stop();
      const roles = ["start", "serve", "send-process", "fediverse-process"];
      const line = [
        `cache ${mode}, run ${run}: ready in ${(readyMs / 1000).toFixed(1)} s;`,
        `CPU-s at ready ${sum(atReady).toFixed(2)} (${roles.map((r) => `${r} ${sum(atReady, r).toFixed(2)}`).join(", ")});`,
        `after ${IDLE_SECONDS} s idle ${sum(later).toFixed(2)} (${roles.map((r) => `${r} ${sum(later, r).toFixed(2)}`).join(", ")})`,
      ].join(" ");
      console.log(line);
      lines.push(line);
    }
  }
} finally {
  await server?.stop();
}
console.log(`\nload ${fs.readFileSync("/proc/loadavg", "utf8").trim()}\n${lines.join("\n")}`);
process.exit(0);
