import { patchCreateServer } from "./patch-create-server.mjs";

/**
 * How long a client may take to send a request: `headersMs` for its headers, `requestMs` for the whole
 * request with its body (Node's defaults are 60 s and 300 s, so a body trickling a byte at a time held a
 * connection for five minutes). Past either, Node answers 408 and closes the connection. Plain JavaScript:
 * it runs as a Node preload (`--import`) in the Next.js server process, before Next creates its server.
 */
export function installServerTimeouts({ requestMs, headersMs }) {
  const headersTimeout = Math.min(headersMs, requestMs); // Node refuses a header timeout above the request's
  const settings = {
    requestTimeout: requestMs,
    headersTimeout,
    // How often Node checks for connections past those limits (its default, 30 s, would stretch them).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
  patchCreateServer({ options: settings });
  return settings;
}
