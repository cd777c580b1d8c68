import { randomUUID } from "node:crypto";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";
import { REQUEST_ID_HEADER } from "../log/create-logger.mjs";
import { patchCreateServer } from "./patch-create-server.mjs";

/** The methods the site answers; any other that Node parses, Next refuses itself (400 or 405). */
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * Methods Node parses but the Fetch standard forbids: Next builds a `Request` from every incoming request, and
 * that constructor throws on these, so they would end in a bare 500 before any route or the proxy runs.
 */
const FORBIDDEN_BY_FETCH = new Set(["TRACE", "TRACK", "CONNECT"]);

/**
 * A client navigation (`RSC: 1`) names the layouts the browser holds in `Next-Router-State-Tree`. Next parses
 * it while rendering and answers a bare 500 when it does not parse; the proxy cannot look, as Next strips these
 * headers from what the proxy sees. So the same parser, Next's own, runs here first.
 */
function malformedRouterState(headers) {
  const state = headers["next-router-state-tree"];
  if (headers.rsc !== "1" || state === undefined) return false;
  try {
    parseAndValidateFlightRouterState(state);
    return false;
  } catch {
    return true;
  }
}

/** A refusal in the body the rest of the site uses: `{ error, code }` under /api, plain text elsewhere. */
function refuse(req, res, status, error, code, headers = {}) {
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ error, code }) : error;
  res.writeHead(status, {
    ...headers,
    "content-type": api ? "application/json" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

/** Answers a request Next would fail on; true when it did. */
function refused(req, res) {
  if (FORBIDDEN_BY_FETCH.has(req.method ?? ""))
    refuse(req, res, 405, "Method Not Allowed", "METHOD_NOT_ALLOWED", { allow: ALLOWED_METHODS });
  else if (malformedRouterState(req.headers))
    refuse(req, res, 400, "Bad Request: malformed Next-Router-State-Tree header", "BAD_REQUEST");
  else return false;
  return true;
}

/**
 * Answers, before Next sees them, the requests Next itself would turn into a bare 500. Plain JavaScript: it
 * runs as a Node preload (`--import`) in the Next.js server process, before Next creates its server.
 */
export function installRequestGuard({ log }) {
  const httpLog = log.child({ scope: "http" });
  quietAbortedBodies();
  patchCreateServer({
    wrap: (listener) =>
      function guardedListener(req, res) {
        const id = identify(req, res);
        // A client that goes away before the answer is routine: one debug line, never an unhandled error.
        keepErrorListener(req, (err) =>
          httpLog.debug({ reqId: id, method: req.method, url: req.url, code: err.code }, "request aborted"),
        );
        if (!refused(req, res)) listener.call(this, req, res);
      },
  });
}

/**
 * Puts `listener` on the request's 'error' event for the request's whole life. After the proxy has run on a
 * request with a body, Next swaps in a buffered copy of the body by copying the copy's fields over the request
 * (next/dist/server/body-streams.js, replaceRequestBody), its listener table `_events` and its `_destroy`
 * among them: the listener was gone, and Node's "aborted" error, raised when the client goes away after its
 * whole body but before the answer is finished, had no listener left: an uncaughtException. So a listener
 * table put in the request's place gets the listener again.
 */
function keepErrorListener(req, listener) {
  req.on("error", listener);
  let events = req._events;
  Object.defineProperty(req, "_events", {
    configurable: true,
    enumerable: true,
    get: () => events,
    set(value) {
      events = value;
      if (value && !req.listeners("error").includes(listener)) req.on("error", listener);
    },
  });
}

/** The request's id (a proxy's, when it gave a plausible one): on the request for the app's logs, and answered. */
function identify(req, res) {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === "string" && /^[\w.:-]{8,128}$/.test(given) ? given : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Node's error for a request body the client stopped sending (the same test as platform/http/client-abort.ts). */
const isAbortedBody = (err) => err instanceof Error && err.message === "aborted" && err.code === "ECONNRESET";

/**
 * Next runs the proxy on a copy of a POST's body and rethrows the original body's error afterwards, which its
 * router prints with a bare console.error (three lines of stack) before answering a client that is gone. The
 * guard above logs that abort once at debug level already, so this one print is dropped; every other is kept.
 */
function quietAbortedBodies() {
  // biome-ignore lint/suspicious/noConsole: this wraps Next's own error printing; the site logs through pino.
  const print = console.error;
  console.error = function consoleErrorButAbortedBodies(...args) {
    if (args.length === 1 && isAbortedBody(args[0])) return;
    print.apply(this, args);
  };
}
