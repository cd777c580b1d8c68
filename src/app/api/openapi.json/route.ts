import { route } from "~/platform/http/route.ts";
import { openApiDocument } from "~/server/rest/openapi.ts";

export const dynamic = "force-dynamic";

export const GET = route("public", () => {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
});
