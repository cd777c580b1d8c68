import type { MetadataRoute } from "next";
import { siteUrl } from "~/lib/seo.ts";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/admin", "/en/admin", "/api/", "/buscar", "/en/buscar"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
