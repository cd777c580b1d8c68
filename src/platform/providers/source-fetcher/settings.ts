import { env } from "~/platform/env/env.js";
import { siteUrl } from "~/platform/http/site-url.ts";

/** The operator's settings for the fetcher: SOURCE_FETCH_EXTRA_HOSTS and a User-Agent naming the site. */
export function sourceFetcherSettings(): { extraHosts: string[]; userAgent: string } {
  return {
    extraHosts: env.SOURCE_FETCH_EXTRA_HOSTS ?? [],
    userAgent: `RiesgosIA-SourceFetcher/1.0 (+${siteUrl()}/metodologia)`,
  };
}
