/**
 * A draft's figure against a source's figure facts: it holds when a fact of the same kind and value (and unit,
 * currency, scale) is stated; a range also holds when both its ends are stated on one line.
 */
import type { FigureFact } from "../facts/types.ts";
import type { Figure } from "./figures.ts";
import { words } from "./normalise.ts";
import { type IndexedSource, type Passage, passageFigureKeys } from "./passages.ts";
import type { ComparedFact } from "./types.ts";

export type { Figure };

function rangeEnds(key: string): string[] | null {
  const m = /^range:(pct:)?([^-]+)-(.+)$/.exec(key);
  if (!m) return null;
  const kind = m[1] ? "pct" : "num";
  return [`${kind}:${m[2]}`, `${kind}:${m[3]}`];
}

export function holdsIn(figure: Figure, s: IndexedSource, passage?: Passage): boolean {
  const keys = passage ? passageFigureKeys(passage, s.lang) : s.figureKeys;
  if (figure.keys.some((k) => keys.has(k))) return true;
  if (figure.kind !== "range") return false;
  const lines = passage ? [keys] : [...s.lineKeys.values()];
  return figure.keys.some((k) => {
    const ends = rangeEnds(k);
    return !!ends && lines.some((line) => ends.every((e) => line.has(e)));
  });
}

/** The numeric value a key carries ("pp:6" → "6", "amt:EUR:2400000" → "2400000"), to find a fact told otherwise. */
const numberIn = (key: string) => /(?:^|:)(-?\d+(?:\.\d+)?)(?::|$)/.exec(key)?.[1] ?? null;

/**
 * The source fact a figure not found is best compared with: the same number stated as another kind ("6 %"
 * against "6 puntos porcentuales"), else the fact of the same kind on the line sharing most words with the
 * draft's sentence (the fact the sentence speaks of).
 */
export function comparedFigure(figure: Figure, sentence: string, sources: IndexedSource[]): ComparedFact | null {
  const values = new Set(figure.keys.map(numberIn).filter((v): v is string => v !== null));
  const own = new Set(words(sentence).filter((w) => !/^\d/.test(w)));
  let best: { s: IndexedSource; f: FigureFact; score: number } | null = null;
  for (const s of sources) {
    const lines = s.source.text.split("\n");
    for (const f of s.facts.figures) {
      const sameValue = f.kind !== figure.kind && values.has(numberIn(f.key) ?? "");
      if (!sameValue && f.kind !== figure.kind) continue;
      const shared = (words(lines[f.line] ?? "") ?? []).filter((w) => own.has(w)).length;
      const score = (sameValue ? 1000 : 0) + shared;
      if (!best || score > best.score) best = { s, f, score };
    }
  }
  if (!best) return null;
  const { s, f } = best;
  return { n: s.source.n, kind: "figure", text: f.raw, figureKind: f.kind, key: f.key };
}
