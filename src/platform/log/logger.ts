import type { Logger } from "pino";
import { env } from "~/platform/env/env.js";
import { createLogger, formatFor, REQUEST_ID_HEADER } from "./create-logger.mjs";

export type { Logger };

/** The process's logger (level LOG_LEVEL): use `log.child({ scope })` for a part of the app. */
export const log: Logger = createLogger({ level: env.LOG_LEVEL, format: formatFor(env.NODE_ENV) });

/** A request's logger: its lines carry the id the server preload gave the request (`reqId`). */
export function requestLog(headers: Headers, base: Logger = log): Logger {
  const id = headers.get(REQUEST_ID_HEADER);
  return id ? base.child({ reqId: id }) : base;
}
