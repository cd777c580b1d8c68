import { POLICIES, POLICIES_PATH, policyPath } from "~/features/editorial/index.ts";
import { absoluteUrl, SITE_NAME, siteUrl } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publisherJsonLd } from "./structured-data.ts";

/**
 * The site as schema.org NewsMediaOrganization on every page, with each policy's URL in the property the Trust
 * Project's indicators map to (correctionsPolicy, verificationFactCheckingPolicy, ethicsPolicy, masthead,
 * ownershipFundingInfo, actionableFeedbackPolicy, diversityPolicy, unnamedSourcesPolicy) and
 * publishingPrinciples: the /metodologia page that holds them all.
 */
export function newsMediaOrganizationJsonLd(locale: Locale): Record<string, unknown> {
  const policies = Object.fromEntries(
    POLICIES.flatMap((p) => (p.property ? [[p.property, absoluteUrl(locale, policyPath(p))]] : [])),
  );
  return {
    "@context": "https://schema.org",
    ...publisherJsonLd(),
    "@type": "NewsMediaOrganization",
    "@id": `${siteUrl()}/#organization`,
    name: SITE_NAME,
    publishingPrinciples: absoluteUrl(locale, POLICIES_PATH),
    ...policies,
  };
}
