// Loaded into the Next.js server with `--import` by scripts/start.ts; TRUSTED_PROXY_HOPS and the HTTP
// timeouts are already validated there (src/platform/env/env.js), so plain integers or nothing arrive here.

import { installClientAddress } from "../src/platform/request-edge/client-address.mjs";
import { installRequestGuard } from "../src/platform/request-edge/request-guard.mjs";
import { installServerTimeouts } from "../src/platform/request-edge/server-timeouts.mjs";
import { processLog } from "./process-log.mjs";

installClientAddress(Number(process.env.TRUSTED_PROXY_HOPS || 0));
installRequestGuard({ log: processLog });
installServerTimeouts({
  requestMs: Number(process.env.HTTP_REQUEST_TIMEOUT_MS || 30_000),
  headersMs: Number(process.env.HTTP_HEADERS_TIMEOUT_MS || 10_000),
});
