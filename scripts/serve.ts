import http from "node:http";
import next from "next";
import { flushHits } from "~/features/analytics/hit-buffer.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { exitAfter } from "~/platform/shutdown/exit-after.ts";
import { hitFastPath, isHitRequest } from "./hit-fast-path.ts";
import { pageFastPath } from "./page-fast-path.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("site");

/**
 * The production server `npm start` runs (scripts/start.ts spawns it where it ran `next start`): one Node HTTP
 * server on PORT that answers the analytics beacon's hits itself (scripts/hit-fast-path.ts), answers a stored
 * reader page's hit again as Next answered it (scripts/page-fast-path.ts; PAGE_FAST_PATH=off leaves it to
 * Next), and hands every other request to Next.js (its custom-server API: the same router, proxy, config and cache handlers as
 * `next start`). The launcher's preload (scripts/server-preload.mjs) patches this server as it did Next's.
 * SIGTERM/SIGINT: stop taking connections, store the hits acknowledged so far, close Next, exit as Next would.
 */
const port = Number(process.env.PORT || 3000);
const app = next({ dev: false, dir: process.cwd(), port });
const answerHit = hitFastPath(db, { production: true });
const servePage = pageFastPath({ enabled: env.PAGE_FAST_PATH === "on" });

await app.prepare();
const handle = app.getRequestHandler();
const server = http.createServer((req, res) => {
  if (isHitRequest(req)) void answerHit(req, res);
  else void servePage(req, res, () => void handle(req, res));
});

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return; // the launcher forwards the signal its process group also received
  stopping = true;
  const stored = () => flushHits().catch((err: unknown) => log.error({ err }, "analytics hits not stored at shutdown"));
  // The hits buffered so far are written at once; requests under way finish (a hit among them is acknowledged,
  // then stored below); a connection that outlives a few seconds is not waited for. Held, so the job engine's
  // own handler, which also ends the process, waits for it.
  void exitAfter(
    async () => {
      const first = stored();
      await Promise.race([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
      await first;
      await stored();
      await app.close().catch(() => {});
    },
    signal === "SIGINT" ? 130 : 143,
  );
};
// First in line: the job engine's own handler (src/platform/jobs) exits once it has stopped.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.prependListener(signal, stop);

server.listen(port, () =>
  log.info(
    `serving on port ${port} (hits${env.PAGE_FAST_PATH === "on" ? " and stored pages" : ""} answered before Next.js)`,
  ),
);
