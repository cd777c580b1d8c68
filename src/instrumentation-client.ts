import { z } from "zod";

// Runs before the app's own code in the browser. Zod compiles object parsers with `new Function` unless
// jitless, and even its caught probe is reported as a violation under our CSP (script-src has no
// 'unsafe-eval'), so schemas shared with forms stay interpreter-only in the browser.
z.config({ jitless: true });
