import type { Figure } from "./figures.ts";
import { words } from "./normalise.ts";
import type { IndexedSource } from "./passages.ts";
import type { Lang } from "./types.ts";

// Words too common to say two texts speak of the same thing.
const COMMON = new Set(
  "para como desde sobre entre hasta según este esta estos estas será serán tiene tienen donde cuando también más that with from this will have their which about into than over under been were they them said also more millón millones million millions billón billones billion billions euro euros dólar dólares dollar dollars libras pounds ciento percent puntos points porcentuales percentage".split(
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
 * A title's or summary's figure has no tie to say which fact it states. A fact of the same kind and value is
 * not enough when it is about something else (the lab's 2,4 millones in a headline about the recovery plan),
 * so the fact must also be about what the sentence is about: stated by the draft's own body, or on a line of
 * the source sharing a word with the sentence (any line of a source in the other language, whose words cannot
 * be compared). Facts from different lines may be joined: each figure is placed on its own.
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
    const lines = s.source.text.split("\n");
    for (const [line, keys] of s.lineKeys) {
      if (!figure.keys.some((k) => keys.has(k))) continue;
      const text = lines[line] ?? "";
      first ??= { n: s.source.n, passage: text };
      if (s.lang !== lang) return { placed: true, passage: null };
      for (const w of stems(text)) if (own.has(w)) return { placed: true, passage: null };
    }
  }
  return { placed: !first, passage: first };
}
