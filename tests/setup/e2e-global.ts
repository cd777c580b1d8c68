import type { TestProject } from "vitest/node";
// Agents E2E: the server's OpenAI calls go to a loopback fake speaking the real API (tests/support/fake-openai.ts).
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { startFakeSources } from "../support/fake-sources.ts";
import { announce, ensureBuild } from "./background-build.ts";
import { startLauncher } from "./launcher.ts";
import { createMigratedDatabase, reservePort, startTestPostgres } from "./postgres.ts";

export const E2E_ADMIN = { email: "admin-e2e@riesgos-ia.test", password: "e2e-admin-password" };

/**
 * Starts the production server through the real launcher (`npm start` = scripts/start.ts) on a fresh real
 * database, once the build (.next-e2e, made in the background: tests/setup/background-build.ts) is there, and
 * hands its URL to the tests at once; each file waits for the server (tests/setup/contract-each.ts), so the fast
 * tiers run while it builds and starts.
 */
async function startSharedServer() {
  const { server, createDb } = await startTestPostgres();
  const databaseUrl = await createMigratedDatabase(createDb, "e2e");
  const { port, release } = await reservePort();
  const fakeOpenAi = await startFakeOpenAi(); // agents E2E
  const fakeSources = await startFakeSources(); // agents E2E: the official pages a draft is written from
  const baseUrl = `http://127.0.0.1:${port}`;
  const siteUrl = baseUrl;
  const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
  const launching = ensureBuild(createDb, dist).then(async () => {
    await release();
    return startLauncher(
      {
        DATABASE_URL: databaseUrl,
        NEXT_DIST_DIR: dist,
        NEXTAUTH_URL: baseUrl,
        // Read at run time only (the launcher builds without it, where it would be http://localhost:PORT): the
        // site-origin tests find this origin in every absolute URL, whatever host a request names.
        SITE_URL: siteUrl,
        NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        // The tests stand in for one proxy: clients pick their address with X-Forwarded-For (rest-contract).
        TRUSTED_PROXY_HOPS: "1",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        DATA_DIR: "test-results/e2e-data",
        // agents E2E: agent runs draft through the fake OpenAI; images (if any) stay in test-results.
        OPENAI_API_KEY: "e2e-fake-openai-key",
        OPENAI_BASE_URL: fakeOpenAi.url,
        SOURCE_FETCH_EXTRA_HOSTS: fakeSources.host,
        IMAGE_STORAGE_DIR: "test-results/e2e-data/uploads",
        // The fediverse on the http loopback origin (production switches it on for https only): the inbox takes
        // signed replies (fediverse-replies). Fedify's guard against private addresses stays on, as in production.
        FEDIVERSE: "on",
        // Files share this server's seeded articles: the daily link check would find their sources unreachable
        // here (no internet) and take them off the pages while a file reads them (the files that test it run it).
        LINK_CHECK_CRON_ENABLED: "false",
      },
      port,
      "test-results/e2e-server.log",
      8,
    );
  });
  const serving = announce("server", launching);
  const provided = { baseUrl, databaseUrl, siteUrl, sourceUrl: fakeSources.urlOf("/ai-office/consultation") };
  const stop = async () => {
    await serving.then(
      (launcher) => launcher.stop(),
      () => undefined,
    );
    await server?.stop();
    await fakeOpenAi.close(); // agents E2E
    await fakeSources.close();
  };
  return { provided, stop };
}

const SHARED = Symbol.for("riesgos.tests.sharedServer");
type Shared = Awaited<ReturnType<typeof startSharedServer>> & { users: number };

/**
 * One server for the projects on it (`seeded-site`, `whole-site`, `contract`): vitest runs each project's global setup
 * in one process, each with its own module graph, hence a global; the last project to finish stops it.
 */
export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: Promise<Shared> };
  holder[SHARED] ??= startSharedServer().then((started) => ({ ...started, users: 0 }));
  const shared = await holder[SHARED];
  shared.users++;
  for (const [key, value] of Object.entries(shared.provided))
    project.provide(key as keyof typeof shared.provided, value);
  return async () => {
    shared.users--;
    if (shared.users === 0) await shared.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    siteUrl: string;
    /** An official-style page on the loopback stand-in the server may fetch (SOURCE_FETCH_EXTRA_HOSTS). */
    sourceUrl: string;
  }
}
