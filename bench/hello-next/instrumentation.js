// The bench apps measure bare Next.js: without a hook of their own, Next would pick up the site's src/instrumentation.ts.
export function register() {}
