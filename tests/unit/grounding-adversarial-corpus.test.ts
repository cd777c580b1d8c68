import { describe, expect, it } from "vitest";
import { verifyDraft } from "~/features/grounding/verification/verify.ts";
import { buildAdversarial } from "../../bench/lib/grounding-adversarial.ts";
import { caughtAsExpected } from "../../bench/lib/grounding-adversarial-run.ts";

// The adversarial bench must try a truncated source: a large official page read only up to the size cap,
// cited for a figure that stands beyond the cut. Never "verified"; its finding says the copy was truncated.
describe("the adversarial grounding corpus", () => {
  const { attacks } = buildAdversarial();
  const truncated = attacks.filter((c) => c.kind === "truncated_source");

  it("has truncated-source cases in both languages, over a source past the size cap", () => {
    expect(truncated.length).toBeGreaterThanOrEqual(4);
    expect(new Set(truncated.map((c) => c.expect?.lang))).toEqual(new Set(["es", "en"]));
    for (const c of truncated) expect(c.sources.some((s) => s.truncated && s.text.length > 100_000)).toBe(true);
  });

  it("catches each one, and the finding says the source was read only in part", () => {
    expect(truncated.length).toBeGreaterThan(0);
    for (const c of truncated) {
      expect(caughtAsExpected(c), c.name).toBe(true);
      const report = verifyDraft({ drafts: c.drafts, sources: c.sources });
      expect(report.status).not.toBe("verified");
      const missing = report.findings.filter((f) => f.check === "figure_not_found" && f.lang === c.expect?.lang);
      expect(missing.length, c.name).toBeGreaterThan(0);
      for (const f of missing) expect(f.detail, c.name).toMatch(/read only in part.*truncated/);
    }
  });
});
