import type { TestProject } from "vitest/node";
// Agents E2E: the server's OpenAI calls go to a loopback fake speaking the real API (tests/support/fake-openai.ts).
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { startFakeSources } from "../support/fake-sources.ts";
import { startLauncher } from "./launcher.ts";
import { createMigratedDatabase, freePort, startTestPostgres } from "./postgres.ts";

export const E2E_ADMIN = { email: "admin-e2e@riesgos-ia.test", password: "e2e-admin-password" };

/**
 * Builds and starts the production server through the real launcher (`npm start` = scripts/start.ts) on a
 * fresh real database, then hands the URL to the tests. The build goes to .next-e2e.
 */
export default async function setup(project: TestProject) {
  const { server, createDb } = await startTestPostgres();
  const databaseUrl = await createMigratedDatabase(createDb, "e2e");
  const port = await freePort();
  const fakeOpenAi = await startFakeOpenAi(); // agents E2E
  const fakeSources = await startFakeSources(); // agents E2E: the official pages a draft is written from
  const baseUrl = `http://127.0.0.1:${port}`;
  const siteUrl = baseUrl;
  const launcher = await startLauncher(
    {
      DATABASE_URL: databaseUrl,
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
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
    },
    port,
    "test-results/e2e-server.log",
    8,
  );
  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("siteUrl", siteUrl);
  project.provide("sourceUrl", fakeSources.urlOf("/ai-office/consultation"));
  return async () => {
    await launcher.stop();
    await server?.stop();
    await fakeOpenAi.close(); // agents E2E
    await fakeSources.close();
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
