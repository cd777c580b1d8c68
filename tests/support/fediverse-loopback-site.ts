import {
  createFediverse,
  type Fediverse,
  type FediverseOptions,
  fediverseFetch,
} from "~/features/fediverse/federation.ts";
import { type QueuedTaskJob, queuedTaskJob } from "~/features/fediverse/job-queue.ts";
import { createPrismaClient, type DbClient } from "~/platform/db/client.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { startLoopbackServer } from "./loopback-server.ts";

export interface FediverseSite {
  origin: string;
  db: DbClient;
  federation: Fediverse;
  /** The job that runs this site's queued tasks (deliveries, fan-outs, incoming activities). */
  taskJob: QueuedTaskJob;
  close(): Promise<void>;
}

/**
 * One site's federation on loopback, on a migrated database the caller made (tests: fediverse-site.ts; the
 * inbox benchmark, outside vitest): a plain Node HTTP server handing every request to `federation.fetch` as
 * the site's route handlers do, and the site's queue on the jobs port (a job of its own name, worked by this
 * process's engine). Fedify may fetch loopback addresses here only.
 */
export async function startFediverseSiteOn(
  url: string,
  name: string,
  opts: Pick<FediverseOptions, "circuitBreaker"> = {},
): Promise<FediverseSite> {
  const db = createPrismaClient(url);
  const server = await startLoopbackServer();
  const { origin } = server;
  const queueStop = new AbortController();
  const taskJob = queuedTaskJob(`test/fediverse-${name}-${process.pid}`, async () => {
    void federation.startQueue({ db }, { signal: queueStop.signal });
  });
  const federation = createFediverse({ db, origin, taskJob, allowPrivateAddress: true, ...opts });
  server.serve((request) => fediverseFetch(federation, { db }, request));
  return {
    origin,
    db,
    federation,
    taskJob,
    async close() {
      queueStop.abort();
      // The site's queued runs end with it: left retrying with no listener, a run outlived its test file and kept
      // running in the worker while its next file ran (whose job retries then never came).
      const engine = await getEngine();
      await engine.boss.offWork(taskJob.name);
      await engine.boss
        .getDb()
        .executeSql(
          `UPDATE ${engine.schema}.job SET state = 'cancelled', completed_on = now() WHERE name = $1 AND state < 'completed'`,
          [taskJob.name],
        );
      await server.close();
      await db.$disconnect();
    },
  };
}
