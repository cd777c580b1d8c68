/**
 * npm run bench:grounding-corpus [-- --only=F01,X05 --group=fabrication --verbose] [-- --if-present]
 *
 * The external grounding corpus (GROUNDING_CORPUS_DIR, default ../shared/grounding-corpus; read its README) as a
 * gate. The corpus folder is only read: its two servers (fixture-server.mjs, fake-openai.mjs) and its driver
 * (run.mjs) write their logs and results into a fresh temp folder. The app runs through the real launcher
 * (`npm start` = scripts/start.ts) with the env the corpus README lists, on a throw-away embedded PostgreSQL.
 *
 * Exit 0: every scored case passed (all fabrications caught with a finding of the expected kind, no false flag,
 * no auto_publish leak); 1: any of those failed; 2: the run could not happen (no corpus without --if-present,
 * build or start failed, the driver could not run). Arguments other than --if-present go to run.mjs.
 *
 * Build: by default the launcher builds `.next-grounding-corpus` from scratch (its `next build`, on this run's
 * migrated and seeded database, as `npm start` does); an mtime check cannot prove a build matches the tree.
 * GROUNDING_CORPUS_SKIP_BUILD=1 reuses GROUNDING_CORPUS_BUILD_DIR (default `.next`) instead: copied, so the
 * server's cache writes never touch it. CI reuses `.next-e2e`, the launcher's own build the test suite made.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsStale } from "../scripts/build-freshness.ts";
import {
  checkPostgresStopped,
  freePort,
  type GroupProcess,
  startGroup,
  stopGroup,
  terminate,
  waitUntilAnswers,
} from "./lib/corpus-processes.ts";
import { gateFailures, parseSummary, summaryBlock } from "./lib/corpus-summary.ts";

const REPO = path.resolve(import.meta.dirname, "..");
/** The corpus README's admin (its driver's defaults). */
const ADMIN = { email: "admin@grounding.test", password: "Grounding-Corpus-2026!" };
/** The build this run serves (git-ignored, as every `.next-*` folder), apart from `npm start`'s and the tests'. */
const DIST = ".next-grounding-corpus";
/** Results and logs outlive the temp folder here (git-ignored), for reading a failed case afterwards. */
const KEPT = path.join(REPO, "bench/results/grounding-corpus");

/** A run that could not happen (exit 2), as opposed to a run whose cases failed (exit 1). */
class CannotRun extends Error {}

const args = process.argv.slice(2);
const ifPresent = args.includes("--if-present");
const driverArgs = args.filter((a) => a !== "--if-present");
const corpusDir = path.resolve(process.env.GROUNDING_CORPUS_DIR || path.resolve(REPO, "../shared/grounding-corpus"));

// What this run started or made, for cleanup() on every way out (success, failure, error, signal).
const started: GroupProcess[] = [];
let tmp: string | undefined;
let pgDir: string | undefined;
let copiedBuild = false;
let cleaning: Promise<string[]> | undefined;
/** Set by a signal: the run was cancelled, its aftermath is not a failure to report. */
let cancelled = false;

const seconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
};
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Makes DIST hold the build to serve; returns a line saying which build that is. */
function prepareBuild(): string {
  const dist = path.join(REPO, DIST);
  if (process.env.GROUNDING_CORPUS_SKIP_BUILD !== "1") {
    // No BUILD_ID: the launcher builds before serving (scripts/start.ts), with the database already seeded.
    fs.rmSync(dist, { recursive: true, force: true });
    return `fresh: the launcher builds ${DIST} (npm start's next build, this run's seeded database)`;
  }
  const from = process.env.GROUNDING_CORPUS_BUILD_DIR || ".next";
  const source = path.resolve(REPO, from);
  if (!fs.existsSync(path.join(source, "BUILD_ID")))
    throw new CannotRun(`GROUNDING_CORPUS_SKIP_BUILD=1, but ${from} holds no build (no BUILD_ID)`);
  const stale = buildIsStale(source);
  if (source !== dist) {
    fs.rmSync(dist, { recursive: true, force: true });
    fs.cpSync(source, dist, { recursive: true, preserveTimestamps: true });
    copiedBuild = true;
  }
  // The launcher rebuilds a build older than any source file, and others may be editing the tree while it starts:
  // asked to reuse this build, it must serve it as it is, so its stamp is put a day ahead (on the copy, or on this gate's own build).
  const ahead = new Date(Date.now() + 86_400_000);
  fs.utimesSync(path.join(dist, "BUILD_ID"), ahead, ahead);
  return `reused ${from}${copiedBuild ? ` (served from a copy, ${DIST})` : ""}${stale ? "; WARNING: sources changed after it was built" : ""}`;
}

/** The JSON line each corpus server prints once it listens (`base` for the fixtures, `baseURL` for OpenAI). */
function readyLine(line: string): { base?: string; baseURL?: string } | undefined {
  try {
    const j = JSON.parse(line) as { ready?: boolean; base?: string; baseURL?: string };
    return j.ready ? j : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(corpusDir, "run.mjs"))) {
    if (ifPresent) {
      console.log(`grounding corpus: skipped: no corpus at ${corpusDir}`);
      return 0;
    }
    throw new CannotRun(`no corpus at ${corpusDir} (set GROUNDING_CORPUS_DIR, or pass --if-present to skip)`);
  }
  const t0 = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grounding-corpus-"));
  tmp = dir;
  // As root, embedded PostgreSQL runs as the postgres user, who must reach its data folder inside this one.
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "results"));
  const node = process.execPath; // Node 24 (node_modules/.bin first on PATH), for the corpus's scripts too
  const build = prepareBuild();
  console.log(`# corpus: ${corpusDir}\n# temp folder: ${dir}\n# build: ${build}`);

  // The corpus's two servers, on ports they choose (0): each prints its address once it listens.
  const fixture = startGroup("fixture-server", node, ["fixture-server.mjs"], {
    cwd: corpusDir,
    env: { ...process.env, FIXTURE_PORT: "0", FIXTURE_LOG: path.join(dir, "fixture-requests.jsonl") },
    logFile: path.join(dir, "fixture-server.log"),
  });
  started.push(fixture);
  const fixtureUrl = (await fixture.firstLine(readyLine, 30_000)).base;
  if (!fixtureUrl) throw new CannotRun("fixture-server.mjs printed no base URL");
  const fixturePort = new URL(fixtureUrl).port;
  const fake = startGroup("fake-openai", node, ["fake-openai.mjs"], {
    cwd: corpusDir,
    env: {
      ...process.env,
      FAKE_OPENAI_PORT: "0",
      FAKE_OPENAI_LOG: path.join(dir, "fake-openai.jsonl"),
      FIXTURE_BASE_URL: fixtureUrl,
      FIXTURE_ALT_BASE_URL: `http://localhost:${fixturePort}`,
    },
    logFile: path.join(dir, "fake-openai.log"),
  });
  started.push(fake);
  const openAiV1 = (await fake.firstLine(readyLine, 30_000)).baseURL;
  if (!openAiV1) throw new CannotRun("fake-openai.mjs printed no base URL");

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(dir, "app-data");
  pgDir = path.join(dataDir, "pg");
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST,
    // The corpus README's start command, with this run's ports and folders.
    PORT: String(port),
    SITE_URL: base,
    NEXTAUTH_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_DIR: pgDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OPENAI_API_KEY: "corpus-fake-key",
    OPENAI_BASE_URL: openAiV1,
    OPENAI_MODEL: "gpt-4o-mini",
    OPENAI_TIMEOUT_MS: "30000",
    NEWS_FEEDS: `${fixtureUrl}/feeds/current.rss,${fixtureUrl}/feeds/current.atom`,
    // Only 127.0.0.1:<port>: the alternate name `localhost` must stay off-list (cases X12, X13).
    SOURCE_FETCH_EXTRA_HOSTS: `127.0.0.1:${fixturePort}`,
    NEWSAPI_KEY: "",
    PERPLEXITY_API_KEY: "",
    INNGEST_EVENT_KEY: "",
    INNGEST_DEV: "",
    RESEND_API_KEY: "",
    NEWSLETTER_CRON_ENABLED: "false",
    JOB_RETRY_BASE_MS: "200",
    // Beyond the README: nothing from the caller's shell or a .env (which never overrides a variable already
    // set, even empty; the app reads "" as unset) may point this run at another database, cache or list.
    DATABASE_URL: "",
    MIGRATION_DATABASE_URL: "",
    REDIS_URL: "",
    SOURCE_ALLOWLIST: "",
    JOBS_PROVIDER: "",
    INNGEST_BASE_URL: "",
    MEDIA_STORAGE: "",
    IMAGE_STORAGE_DIR: path.join(dataDir, "uploads"),
  };
  // The launcher's output is shown while it builds and starts (minutes, and the reason if it fails), then muted.
  const app = startGroup("app", node, ["--import", "tsx", "scripts/start.ts"], {
    cwd: REPO,
    env: appEnv,
    logFile: path.join(dir, "app.log"),
    echo: "prefixed",
  });
  started.push(app);
  const startMs = Number(process.env.GROUNDING_CORPUS_START_TIMEOUT_S || 1200) * 1000;
  try {
    await waitUntilAnswers(`${base}/api/trpc/health.check`, app, startMs);
  } catch (err) {
    throw new CannotRun(`the app did not answer at ${base}: ${message(err)}`);
  }
  app.mute();
  const upAfter = Date.now() - t0;
  console.log(`# app ${base} answers after ${seconds(upAfter)}; its log continues in app.log`);

  const output: string[] = [];
  const driver = startGroup("driver", node, ["run.mjs", ...driverArgs], {
    cwd: corpusDir,
    env: {
      ...process.env,
      BASE: base,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FIXTURE_URL: fixtureUrl,
      FIXTURE_ALT_HOST: "localhost",
      FAKE_OPENAI_URL: openAiV1.replace(/\/v1\/?$/, ""),
      RESULTS_DIR: path.join(dir, "results"),
    },
    logFile: path.join(dir, "driver.log"),
    echo: "plain",
    capture: output,
  });
  started.push(driver);
  const driverExit = await driver.closed;
  const summary = parseSummary(output.join("\n"));
  if (driverExit === 2 || !summary)
    throw new CannotRun(
      `the driver ${driverExit === 2 ? "could not run (exit 2, its error is above)" : `printed no summary (exit ${driverExit})`}`,
    );
  const reasons = gateFailures(summary, driverExit);
  const notes = await cleanup();
  console.log(
    summaryBlock(summary, {
      gate: reasons.length ? `FAILED (exit 1): ${reasons.join("; ")}` : "passed (exit 0)",
      context: [
        `build:         ${build}`,
        `app:           ${base}, answering after ${seconds(upAfter)}; whole run ${seconds(Date.now() - t0)}`,
        `kept:          ${path.relative(REPO, KEPT)}/ (results/run-*.json, app.log, driver.log, server logs)`,
        `cleanup:       ${notes.join("; ")}`,
      ],
    }),
  );
  return reasons.length ? 1 : 0;
}

/** Stops what this run started (newest first), checks PostgreSQL ended cleanly, keeps the logs, removes the rest. */
function cleanup(): Promise<string[]> {
  cleaning ??= (async () => {
    const notes: string[] = [];
    for (const p of [...started].reverse()) {
      // The launcher waits up to 15 s for the send process, then stops PostgreSQL: give it time to.
      const how = await stopGroup(p, p.name === "app" ? 45_000 : 5_000);
      if (how === "killed") notes.push(`${p.name} did not stop on SIGTERM and was killed`);
    }
    if (started.length) notes.push(`${started.length} process groups stopped`);
    if (pgDir) notes.push((await checkPostgresStopped(pgDir)).line);
    if (tmp) {
      const dataDir = path.join(tmp, "app-data");
      fs.rmSync(KEPT, { recursive: true, force: true });
      fs.cpSync(tmp, KEPT, { recursive: true, filter: (src) => !src.startsWith(dataDir) });
      fs.rmSync(tmp, { recursive: true, force: true });
      notes.push("temp folder removed");
    }
    if (copiedBuild) fs.rmSync(path.join(REPO, DIST), { recursive: true, force: true });
    return notes;
  })();
  return cleaning;
}

// A cancelled run (Ctrl-C, CI's SIGTERM) still stops its process groups: they are detached, no signal reaches them.
// Every group is told at once, so that they stop themselves cleanly even if this process is killed next.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (cancelled) return; // tsx relays the signal a terminal or CI already sent to the whole group
    console.error(`\n# ${signal}: stopping what this run started…`);
    cancelled = true;
    for (const p of started) terminate(p);
    void cleanup()
      .then((notes) => console.error(`# cleanup: ${notes.join("; ")}`))
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });

process.chdir(REPO); // the launcher and buildIsStale read paths relative to the checkout
let code: number;
try {
  code = await main();
} catch (err) {
  const notes = await cleanup().catch((e: unknown) => [`cleanup failed: ${message(e)}`]);
  if (cancelled) await new Promise(() => {}); // the signal handler reports and exits
  console.error(`\ngrounding corpus: could not run: ${message(err)}`);
  if (!(err instanceof CannotRun) && err instanceof Error && err.stack) console.error(err.stack);
  if (notes.length) console.error(`cleanup: ${notes.join("; ")}; logs kept in ${path.relative(REPO, KEPT)}/`);
  code = 2;
}
process.exit(code);
