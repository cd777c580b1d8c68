import { config } from "zod/v4/core";

// Runs before the app's own code in the browser. Zod compiles object parsers with `new Function` unless
// jitless, and even its caught probe is reported as a violation under our CSP (script-src has no
// 'unsafe-eval'), so schemas shared with forms stay interpreter-only in the browser. Only zod's tiny config
// module is imported here, so pages without a zod form don't download zod.
config({ jitless: true });
