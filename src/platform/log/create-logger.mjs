import pino from "pino";
import pretty from "pino-pretty";

/**
 * The header carrying a request's id, set by the server preload (request-edge/request-guard.mjs) before Next
 * sees it.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * The one way the app's processes make a logger: JSON lines (a level label, ISO time, pid, the part of the app as
 * `scope` and, on request logs, `reqId`), or readable lines with the scope before the message ("[jobs] …"). Plain JavaScript so the server preload (outside the
 * bundle) uses the same; written synchronously, so a line logged just before `process.exit` is not lost.
 * @param {{ level?: string; format: "json" | "pretty"; destination?: import("pino").DestinationStream }} opts
 * @returns {import("pino").Logger}
 */
export function createLogger({ level = "info", format, destination }) {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (/** @type {string} */ label) => ({ level: label }) },
  };
  if (format === "json") return pino(options, destination ?? pino.destination({ fd: 1, sync: true }));
  const colorize = !destination && Boolean(process.stdout.isTTY);
  return pino(
    options,
    pretty({
      sync: true,
      colorize,
      destination: destination ?? 1,
      ignore: "pid,scope",
      messageFormat: "{if scope}[{scope}] {end}{msg}",
      translateTime: "SYS:HH:MM:ss.l",
    }),
  );
}

/**
 * Readable lines for a person at a terminal in development; JSON wherever a program reads the lines (production,
 * tests, a dev server piped to a file).
 * @param {string | undefined} nodeEnv
 * @param {boolean} [isTTY]
 * @returns {"json" | "pretty"}
 */
export const formatFor = (nodeEnv, isTTY = Boolean(process.stdout.isTTY)) =>
  nodeEnv !== "production" && isTTY ? "pretty" : "json";

/**
 * A logger made on its first use, for code that runs before the environment is final (the launcher sets
 * NODE_ENV and loads .env before it logs; the server preload runs before Next).
 * @param {() => import("pino").Logger} make
 * @returns {import("pino").Logger}
 */
export function lazyLogger(make) {
  /** @type {import("pino").Logger | undefined} */
  let made;
  return new Proxy(/** @type {import("pino").Logger} */ ({}), {
    get(_target, key) {
      made ??= make();
      const value = Reflect.get(made, key, made);
      return typeof value === "function" ? value.bind(made) : value;
    },
  });
}
