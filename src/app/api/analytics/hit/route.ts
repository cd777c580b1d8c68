import { hitEndpoint } from "~/features/analytics/index.ts";
import { db } from "~/platform/db/db.ts";

export const dynamic = "force-dynamic";

/**
 * The analytics beacon's report of a page view (the contract is hitEndpoint's). The launcher's server answers
 * this path before Next.js sees it (scripts/serve.ts); this route serves it everywhere else (`next start`, dev).
 */
export const POST = hitEndpoint(db);
