import { sitemapXml } from "~/features/seo/index.ts";
import { publicContent } from "~/server/cache/public-content.ts";

// Per request: the URLs follow SITE_URL as the server runs; the rows come from the data cache.
export const dynamic = "force-dynamic";

export async function GET() {
  const [articles, interviews, referents] = await Promise.all([
    publicContent.articleRefs(),
    publicContent.interviewRefs(),
    publicContent.referentRefs(),
  ]);
  return new Response(sitemapXml({ articles, interviews, referents }), {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
}
