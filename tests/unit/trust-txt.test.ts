import { describe, expect, it } from "vitest";
import { POLICIES } from "~/features/editorial/policies.ts";
import { DEFAULT_TRUST_SETTINGS } from "~/features/editorial/trust-settings.ts";
import { trustTxt } from "~/features/editorial/trust-txt.ts";

const site = { contactUrl: "https://riesgos.example/contacto", policiesUrl: "https://riesgos.example/metodologia" };

/** JournalList's grammar: comments, blank lines, or `variable=value`. */
const parse = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => {
      const m = /^(belongto|social|contact|disclosure|datatrainingallowed)=(\S+)$/.exec(l);
      if (!m) throw new Error(`not a trust.txt line: ${l}`);
      return [m[1], m[2]];
    });

describe("/trust.txt", () => {
  it("declares the site's contact page and no AI training by default", () => {
    expect(parse(trustTxt(DEFAULT_TRUST_SETTINGS, site))).toEqual([
      ["contact", site.contactUrl],
      ["disclosure", site.policiesUrl],
      ["datatrainingallowed", "no"],
    ]);
  });

  it("writes one line per membership and profile, and the settings' contact", () => {
    const text = trustTxt(
      {
        ...DEFAULT_TRUST_SETTINGS,
        contact_url: "https://riesgos.example/escribenos",
        social: ["https://bsky.app/profile/riesgos", "https://mastodon.social/@riesgos"],
        belongto: ["https://journallist.net"],
        data_training_allowed: true,
      },
      site,
    );
    expect(parse(text)).toEqual([
      ["belongto", "https://journallist.net"],
      ["social", "https://bsky.app/profile/riesgos"],
      ["social", "https://mastodon.social/@riesgos"],
      ["contact", "https://riesgos.example/escribenos"],
      ["disclosure", site.policiesUrl],
      ["datatrainingallowed", "yes"],
    ]);
  });
});

describe("policies", () => {
  it("each has its own anchor, and every NewsMediaOrganization policy property is covered once", () => {
    const anchors = POLICIES.map((p) => p.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const a of anchors) expect(a).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(POLICIES.flatMap((p) => (p.property ? [p.property] : [])).sort()).toEqual(
      [
        "actionableFeedbackPolicy",
        "correctionsPolicy",
        "diversityPolicy",
        "ethicsPolicy",
        "masthead",
        "ownershipFundingInfo",
        "unnamedSourcesPolicy",
        "verificationFactCheckingPolicy",
      ].sort(),
    );
  });
});
