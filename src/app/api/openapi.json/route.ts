import { openApiDocument } from "~/server/rest/openapi.ts";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
