/**
 * A request body the client stopped sending (its connection closed or reset in the middle): routine, and nobody
 * is left to read an answer. The server preload logs it once at debug level; handlers answer without logging.
 * Node marks exactly this case (message "aborted", code ECONNRESET), unlike a reset on an outgoing call.
 */
export function isClientAbort(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { message, code, cause } = e as { message?: unknown; code?: unknown; cause?: unknown };
    if (message === "aborted" && code === "ECONNRESET") return true;
    e = cause;
  }
  return false;
}
