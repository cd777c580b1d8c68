// Loaded into the Next.js server with `--import` by scripts/start.ts; TRUSTED_PROXY_HOPS is already validated
// there (src/platform/env/env.js), so a plain integer or nothing arrives here.
import { installClientAddress } from "../src/platform/security/client-address.mjs";

installClientAddress(Number(process.env.TRUSTED_PROXY_HOPS || 0));
