import { describe, expect, it } from "vitest";
import { closestPassage } from "~/features/grounding/source-recheck.ts";

describe("closestPassage: where a claim's support went in a source's new text", () => {
  const revised = [
    "The European Commission has opened a public consultation on the guidelines.",
    "The AI Office received 1,500 contributions to its previous consultation, 40% of them from SMEs.",
    "Stakeholders can reply until 18 July 2025.",
  ].join(" ");

  it("picks the sentence that reads most like the old passage", () => {
    const old = "The AI Office received 1,200 contributions to its previous consultation, 40% of them from SMEs.";
    expect(closestPassage(old, revised)).toBe(
      "The AI Office received 1,500 contributions to its previous consultation, 40% of them from SMEs.",
    );
  });

  it("is null when nothing in the new text shares a word with it", () => {
    expect(closestPassage("Zxq wvy.", revised)).toBeNull();
    expect(closestPassage("The AI Office received 1,200 contributions.", "")).toBeNull();
  });
});
