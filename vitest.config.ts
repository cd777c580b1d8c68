import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "~": path.resolve(import.meta.dirname, "src"),
  "@emails": path.resolve(import.meta.dirname, "emails"),
  "@seed": path.resolve(import.meta.dirname, "seed"),
};
const env = { SKIP_ENV_VALIDATION: "", NODE_ENV: "test", BCRYPT_COST: "4" } as Record<string, string>;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Unit tests never query; a helper reached through a feature's index.ts may still create the client,
          // which connects only on a first query (an address nothing listens on makes any query fail loudly).
          env: { ...env, DATABASE_URL: "postgres://unit-tests@127.0.0.1:9/no-database" },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          env,
          globalSetup: ["tests/setup/integration-global.ts"],
          // next-intl's ESM imports `next/server` without an extension; bundling it lets Vite resolve that.
          server: { deps: { inline: ["next-intl"] } },
          setupFiles: ["tests/setup/integration-each.ts"],
          // Files share their worker's loaded dependencies; the setup file restores a fresh process's state.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser, one server: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
