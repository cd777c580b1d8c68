/**
 * The newsroom's policies, each a section of /metodologia with a stable anchor (the same in both languages, so
 * links and the JSON-LD never change with the wording), and the schema.org property of NewsMediaOrganization
 * that points at it (null where schema.org has none: they are part of the publishing principles).
 */
export const POLICIES = [
  { key: "corrections", anchor: "correcciones", property: "correctionsPolicy" },
  { key: "verification", anchor: "verificacion", property: "verificationFactCheckingPolicy" },
  { key: "ethics", anchor: "etica", property: "ethicsPolicy" },
  { key: "sponsored", anchor: "contenido-patrocinado", property: null },
  { key: "aiUse", anchor: "uso-de-ia", property: null },
  { key: "ownership", anchor: "propiedad-y-financiacion", property: "ownershipFundingInfo" },
  { key: "feedback", anchor: "comentarios", property: "actionableFeedbackPolicy" },
  { key: "diversity", anchor: "diversidad", property: "diversityPolicy" },
  { key: "unnamedSources", anchor: "fuentes-anonimas", property: "unnamedSourcesPolicy" },
  { key: "masthead", anchor: "redaccion", property: "masthead" },
] as const;

export type Policy = (typeof POLICIES)[number];

/** Where the policies live; `publishingPrinciples` is the page itself. */
export const POLICIES_PATH = "/metodologia";

/** The site path of one policy's section. */
export const policyPath = (policy: Policy) => `${POLICIES_PATH}#${policy.anchor}`;

/** The policies the footer links to (the ones readers ask about; the rest are on the same page). */
export const FOOTER_POLICIES = POLICIES.filter((p) =>
  ["corrections", "verification", "ethics", "sponsored", "aiUse", "ownership", "feedback"].includes(p.key),
);
