// Runs before the app's own code in the browser. Zod compiles object parsers with `new Function` unless
// jitless, and even its caught probe is reported as a violation under our CSP (script-src has no
// 'unsafe-eval'), so schemas shared with forms stay interpreter-only in the browser. Zod keeps its global
// configuration on globalThis.__zod_globalConfig and adopts an object already there; setting it here
// instead of calling zod's config() keeps zod's core utilities (~5 kB gzip) off pages that have no zod form.
const zodConfigHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfigHolder.__zod_globalConfig = { ...zodConfigHolder.__zod_globalConfig, jitless: true };
