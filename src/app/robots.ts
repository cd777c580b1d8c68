import type { MetadataRoute } from "next";
import { siteUrl } from "~/platform/http/page-metadata.ts";

// Rendered per request: the Sitemap line follows SITE_URL as the server runs, not as it was built.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        allow: ["/", "/api/media/"],
        disallow: ["/admin", "/en/admin", "/api/", "/buscar", "/en/buscar"],
      },
    ],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
