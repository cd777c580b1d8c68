/**
 * A Node HTTP server behind the request guard (src/platform/request-edge/request-guard.mjs) whose listener handles a
 * request with a body as Next's router does (next/dist/server/lib/router-utils/resolve-routes.js and
 * next-server.js runMiddleware): the body made cloneable, a copy handed to the proxy, `finalize()` once the
 * proxy is done (which swaps the buffered body in), then an answer that does not read the body, after
 * ANSWER_DELAY_MS. Run as its own program (the guard patches http.createServer for the whole process); it
 * prints the port, and on SIGTERM how many uncaught exceptions it met.
 */
import http from "node:http";
import { getCloneableBody } from "next/dist/server/body-streams.js";
import { installRequestGuard } from "../../src/platform/request-edge/request-guard.mjs";

const uncaught = [];
process.on("uncaughtException", (err) => uncaught.push(`${err.message} (${err.code})`));
const quiet = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };
installRequestGuard({ log: quiet });

const server = http.createServer(async (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = getCloneableBody(req);
    body.cloneBodyStream().resume();
    await body.finalize().catch(() => {});
  }
  setTimeout(() => res.end("ok"), Number(process.env.ANSWER_DELAY_MS ?? 200));
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => {
  process.stdout.write(`${JSON.stringify({ uncaught })}\n`);
  process.exit(0);
});
