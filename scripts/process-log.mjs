import { createLogger, formatFor, lazyLogger } from "../src/platform/log/create-logger.mjs";

/**
 * The logger of code outside the app's bundle (the launcher, the CLI scripts, the server preload), made on first
 * use: by then the launcher has set NODE_ENV and validated LOG_LEVEL (src/platform/env/env.js).
 */
export const processLog = lazyLogger(() =>
  createLogger({ level: process.env.LOG_LEVEL || "info", format: formatFor(process.env.NODE_ENV) }),
);

/**
 * A part of a script's log (`scope`), made on first use like `processLog`.
 * @param {string} scope
 * @returns {import("pino").Logger}
 */
export const scopedProcessLog = (scope) => lazyLogger(() => processLog.child({ scope }));
