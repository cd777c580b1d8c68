import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { startPgStatementCounter } from "../tests/support/pg-statement-counter.ts";

/**
 * What an idle embedded job engine costs: the app's jobs (src/server/job-list.ts, as the server starts them) on
 * a fresh database, nothing queued; over IDLE_SECONDS, the statements it sends PostgreSQL (counted on the wire)
 * and this process's CPU. MODE=test (0.5 s polling, schedules checked every second) or production (2 s).
 *
 * `MODE=test npx tsx bench/idle-engine.ts` (IDLE_SECONDS=20)
 */
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const mode = process.env.MODE === "production" ? "production" : "test";
const { server, createDb } = await startTestPostgres();
const counter = await startPgStatementCounter(await createMigratedDatabase(createDb, "bench_idle_engine"));
const env = process.env as Record<string, string>;
env.DATABASE_URL = counter.url;
env.NODE_ENV = mode;
env.BACKUP_CRON = "off";
env.NEXTAUTH_SECRET ||= "bench-secret-bench-secret-bench-secret-bench";
const { startAppJobs } = await import("../src/server/job-list.ts");
const { stopEngine } = await import("../src/platform/jobs/engines/embedded/engine.ts");
await startAppJobs();
await new Promise((r) => setTimeout(r, 3000));
const cpu = process.cpuUsage();
const statements = counter.statements();
await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
const used = process.cpuUsage(cpu);
const perSecond = (counter.statements() - statements) / IDLE_SECONDS;
console.log(
  `${mode}: ${perSecond.toFixed(1)} statements/s, engine process ${((used.user + used.system) / 1e6).toFixed(2)} CPU-s in ${IDLE_SECONDS} s idle`,
);
await stopEngine();
await counter.close();
await server?.stop();
process.exit(0);
