import { describe, expect, it } from "vitest";
import { cycles, featureGraph, sourceFiles } from "../support/import-graph.ts";

/**
 * dependency-cruiser checks cycles between files; this checks them between features: imports collapsed to
 * feature names must form no cycle, so each feature can be read, tested and moved with only what it builds on.
 */
describe("features", () => {
  it("import one another without a cycle", () => {
    const graph = featureGraph(sourceFiles("src"));
    expect(graph.size).toBeGreaterThan(10);
    const found = cycles(graph).map((group) => group.join(" ↔ "));
    expect(found).toEqual([]);
  });

  it("grounding sits below the desk and the agents: both build on it, it imports neither", () => {
    const graph = featureGraph(sourceFiles("src"));
    const uses = (feature: string) => [...(graph.get(feature) ?? [])];
    expect(uses("grounding").filter((f) => f === "publications" || f === "agents")).toEqual([]);
    expect(uses("publications")).toContain("grounding");
    expect(uses("agents")).toContain("grounding");
  });

  it("the check finds a cycle that goes through three features", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"]]);
  });
});
