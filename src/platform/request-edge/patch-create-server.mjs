import http from "node:http";

/**
 * Changes the HTTP server Next.js creates, from a Node preload (`--import`) that runs before Next does:
 * `options` go under the ones Next passes, `wrap` wraps its request listener. `http.createServer` takes
 * (listener), (options) or (options, listener); each preload setting goes through here for that reason.
 */
export function patchCreateServer({ options = {}, wrap = (listener) => listener }) {
  const createServer = http.createServer;
  http.createServer = function patchedCreateServer(first, second) {
    const given = typeof first === "function" || first === undefined ? {} : first;
    const listener = typeof first === "function" ? first : second;
    return createServer.call(
      this,
      { ...options, ...given },
      typeof listener === "function" ? wrap(listener) : listener,
    );
  };
}
