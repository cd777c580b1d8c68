/** next-auth's session cookie names (the `__Secure-` one is used over HTTPS). No imports: the proxy uses it. */
export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;
