import { editorialContent, POLICIES_PATH, trustTxt } from "~/features/editorial/index.ts";
import { absoluteUrl } from "~/platform/http/page-metadata.ts";

// Per request: the URLs follow SITE_URL as the server runs; the settings come from the data cache, expired
// when an admin saves them.
export const dynamic = "force-dynamic";

export async function GET() {
  const settings = await editorialContent.trustSettings();
  const body = trustTxt(settings, {
    contactUrl: absoluteUrl("es", "/contacto"),
    policiesUrl: absoluteUrl("es", POLICIES_PATH),
  });
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
