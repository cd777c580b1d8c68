/**
 * next-auth's session cookie names (the `__Secure-` one is used over HTTPS). Plain JavaScript with no imports:
 * the proxy and next.config.mjs (the pages' Cache-Control rules) read it.
 */
export const SESSION_COOKIES = /** @type {const} */ (["__Secure-next-auth.session-token", "next-auth.session-token"]);
