import type { Figure } from "./figures.ts";
import { words } from "./normalise.ts";
import { type IndexedSource, type Passage, passageFigureKeys } from "./passages.ts";
import type { Lang } from "./types.ts";

// Words too common to say two texts speak of the same thing.
const COMMON = new Set(
  "para como desde sobre entre hasta según este esta estos estas será serán tiene tienen donde cuando también más that with from this will have their which about into than over under been were they them said also more".split(
    " ",
  ),
);
const stems = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length >= 4 && !COMMON.has(w) && !/^\d/.test(w))
      .map((w) => w.slice(0, 5)),
  );

/**
 * A title's or summary's figure has no tie to say where it comes from. Holding somewhere in the sources is
 * not enough when it is another fact's value, so it must also be placed: stated by the draft's own body, or
 * found in a passage that shares a word with the sentence (or in a source in the other language, whose
 * words cannot be compared).
 */
export function placedFigure(
  figure: Figure,
  sentence: string,
  lang: Lang,
  bodyKeys: Set<string>,
  sources: IndexedSource[],
): { placed: boolean; passage: { n: number; passage: string } | null } {
  if (figure.keys.some((k) => bodyKeys.has(k))) return { placed: true, passage: null };
  const own = stems(sentence);
  let first: { n: number; passage: string } | null = null;
  for (const s of sources) {
    const holding = s.passages.filter((p: Passage) => figure.keys.some((k) => passageFigureKeys(p, s.lang).has(k)));
    for (const p of holding) {
      first ??= { n: s.source.n, passage: p.text };
      if (s.lang !== lang) return { placed: true, passage: null };
      for (const w of stems(p.text)) if (own.has(w)) return { placed: true, passage: null };
    }
  }
  return { placed: !first, passage: first };
}
