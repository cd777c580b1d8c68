import { articleContent } from "~/features/articles/index.ts";
import { directoryContent } from "~/features/directories/index.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { newsletterContent } from "~/features/newsletter/index.ts";
import { sitemapXml } from "~/features/seo/index.ts";

// Per request: the URLs follow SITE_URL as the server runs; the rows come from the data cache.
export const dynamic = "force-dynamic";

export async function GET() {
  const [articles, interviews, referents, newsletters, authors] = await Promise.all([
    articleContent.articleRefs(),
    interviewContent.interviewRefs(),
    directoryContent.referentRefs(),
    newsletterContent.archive(),
    articleContent.authorRefs(),
  ]);
  return new Response(sitemapXml({ articles, interviews, referents, newsletters, authors }), {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
}
