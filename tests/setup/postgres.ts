import net from "node:net";
import { type EmbeddedPgHandle, startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * A throwaway PostgreSQL for a test run: a real server (embedded-postgres) in a temp dir, or — when
 * TEST_DATABASE_URL names a local server — a fresh database on it. Never a remote database.
 */
/**
 * A free TCP port on loopback, held until `release`: for a server started minutes later (after the build), whose
 * URL the tests are given now, so that nothing else is handed the port meanwhile.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => srv.close(() => done())) });
    });
    srv.on("error", reject);
  });
}

export async function startTestPostgres(): Promise<{
  server: EmbeddedPgHandle | null;
  createDb: (prefix: string) => Promise<string>;
}> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const host = new URL(external).hostname;
    if (!["localhost", "127.0.0.1", "::1"].includes(host))
      throw new Error(`refusing to run tests against non-local ${host}`);
  }
  const server = external
    ? null
    : await startEmbeddedPostgres({ dataDir: tempDataDir(), port: await freePort(), persistent: false });
  const adminUrl = external ?? server!.adminUrl;
  const createDb = (prefix: string) => freshDatabase(adminUrl, prefix);
  return { server, createDb };
}

export async function createMigratedDatabase(createDb: (prefix: string) => Promise<string>, prefix: string) {
  const url = await createDb(prefix);
  await migrate(url);
  return url;
}
