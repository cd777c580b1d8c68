/**
 * Test preload (`NODE_OPTIONS=--import <this file>`): writes one line to stderr for every uncaught exception
 * and unhandled rejection the process meets, before any handler sees it. Next's own handler prints some of them
 * with console.error, which the request guard filters (an aborted body), so the server's output alone could miss
 * one; this line cannot be filtered. The settings belong to the tests, not to the app.
 */
const emit = process.emit;
process.emit = function watchedEmit(event, ...args) {
  if (event === "uncaughtException" || event === "unhandledRejection") {
    const [err] = args;
    const code = err && typeof err === "object" && "code" in err ? ` (${String(err.code)})` : "";
    process.stderr.write(`[uncaught-watch] ${event}: ${err instanceof Error ? err.message : String(err)}${code}\n`);
  }
  return emit.call(this, event, ...args);
};
