import { describe, expect, it } from "vitest";
import { interestLevel, priorityTier, type RankCandidate, rankTopFive } from "~/features/newsletter/compose/ranking.ts";

const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
const piece = (slug: string, over: Partial<RankCandidate> = {}): RankCandidate => ({
  kind: "article",
  slug,
  featured: false,
  date: day(10),
  topics: [],
  tags: [],
  ...over,
});

describe("weekly Top 5 ranking", () => {
  it("maps the Selection Criteria to tiers (topics or tags, any case)", () => {
    expect(priorityTier(["regulacion"])).toBe(2);
    expect(priorityTier(["tecnica-modelos", "Alignment"])).toBe(2);
    expect(priorityTier(["incidentes"])).toBe(2);
    expect(priorityTier(["riesgos-existenciales"])).toBe(2);
    expect(priorityTier(["trabajo-economia"])).toBe(1);
    expect(priorityTier(["privacidad"])).toBe(1);
    expect(priorityTier(["etica-sesgos", "transparencia"])).toBe(1);
    expect(priorityTier(["tecnica-modelos", "desinformacion-deepfakes"])).toBe(0);
  });

  it("orders featured first, then priority tier, then recency, then slug", () => {
    const ranked = rankTopFive([
      piece("medio-reciente", { topics: ["etica-sesgos"], date: day(14) }),
      piece("bajo-muy-reciente", { topics: ["tecnica-modelos"], date: day(15) }),
      piece("alto-antiguo", { topics: ["regulacion"], date: day(9) }),
      piece("alto-reciente", { tags: ["alignment"], date: day(12) }),
      piece("destacado-bajo", { featured: true, topics: ["tecnica-modelos"], date: day(8) }),
      piece("b-empate", { topics: ["trabajo-economia"], date: day(11) }),
      piece("a-empate", { topics: ["trabajo-economia"], date: day(11), kind: "interview" }),
    ]);
    expect(ranked.map((p) => p.slug)).toEqual([
      "destacado-bajo",
      "alto-reciente",
      "alto-antiguo",
      "medio-reciente",
      "a-empate",
    ]);
  });

  it("returns fewer than five when fewer exist, and never mutates its input", () => {
    const input = [piece("b", { date: day(1) }), piece("a", { date: day(2) })];
    expect(rankTopFive(input).map((p) => p.slug)).toEqual(["a", "b"]);
    expect(input.map((p) => p.slug)).toEqual(["b", "a"]);
  });

  it("within a tier, puts topics readers clicked clearly more first, and otherwise keeps recency", () => {
    const interest = new Map([
      ["privacidad", 9],
      ["trabajo-economia", 1],
    ]);
    expect(interestLevel(["privacidad"], interest)).toBe(3);
    expect(interestLevel(["trabajo-economia"], interest)).toBe(1);
    expect(interestLevel(["etica-sesgos"], interest)).toBe(0);
    const ranked = rankTopFive(
      [
        piece("sesgos-nuevo", { topics: ["etica-sesgos"], date: day(15) }),
        piece("privacidad-viejo", { topics: ["privacidad"], date: day(11) }),
        piece("empleo-medio", { topics: ["trabajo-economia"], date: day(13) }),
        piece("regulacion", { topics: ["regulacion"], date: day(9) }),
      ],
      5,
      interest,
    );
    // The tier still comes first; clicks only reorder within it.
    expect(ranked.map((p) => p.slug)).toEqual(["regulacion", "privacidad-viejo", "empleo-medio", "sesgos-nuevo"]);
    expect(rankTopFive([piece("a", { date: day(9) }), piece("b", { date: day(10) })]).map((p) => p.slug)).toEqual([
      "b",
      "a",
    ]);
  });
});
