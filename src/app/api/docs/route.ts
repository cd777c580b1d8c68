import { route } from "~/platform/http/route.ts";
import { docsPageHtml } from "~/server/rest/docs/page.ts";

export const dynamic = "force-dynamic";

/**
 * The readable API reference (Swagger UI over /api/openapi.json); its CSP is set by the proxy
 * (src/platform/request-edge/api-refusal.ts).
 */
export const GET = route("public", () => {
  return new Response(docsPageHtml(), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" },
  });
});
