import http from "node:http";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import { createFediverse, type Fediverse, fediverseFetch } from "~/features/fediverse/federation.ts";
import { queuedTaskJob } from "~/features/fediverse/job-queue.ts";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { freshDatabase } from "./fresh-database.ts";

export interface FediverseSite {
  origin: string;
  db: DbClient;
  federation: Fediverse;
  close(): Promise<void>;
}

/**
 * One site's federation on loopback: a database of its own (migrated), a plain Node HTTP server handing every
 * request to `federation.fetch` as the site's route handlers do, and the site's queue on the jobs port (a job
 * of its own name, worked by this test process's engine). Fedify may fetch loopback addresses here only.
 */
export async function startFediverseSite(name: string): Promise<FediverseSite> {
  const url = await freshDatabase(inject("adminDatabaseUrl"), `fedi_${name}`, inject("migratedTemplate"));
  const db = createPrismaClient(url);
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      try {
        const response = await handle(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queueStop = new AbortController();
  const taskJob = queuedTaskJob(`test/fediverse-${name}-${process.pid}`, async () => {
    void federation.startQueue({ db }, { signal: queueStop.signal });
  });
  const federation = createFediverse({ db, origin, taskJob, allowPrivateAddress: true });
  handle = (request) => fediverseFetch(federation, { db }, request);
  return {
    origin,
    db,
    federation,
    async close() {
      queueStop.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.$disconnect();
    },
  };
}
