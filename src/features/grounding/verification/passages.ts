import { extractFacts } from "../facts/extract.ts";
import { FACTS_VERSION, type SourceFacts } from "../facts/types.ts";
import { sourceFigureKeys, supportedKeys } from "./figures.ts";
import { normaliseText, words } from "./normalise.ts";
import { detectLang } from "./numbers.ts";
import type { Lang, SourceForCheck } from "./types.ts";

export interface Passage {
  text: string;
  normalised: string;
  words: Set<string>;
  /** The paragraph (line of the snapshot) the passage is in: quotations are attributed within it. */
  paragraph: number;
  /** Figure keys, computed the first time a figure is looked for in this passage. */
  figureKeys?: Set<string>;
}

/** A fetched source prepared once for all the claims checked against it. */
export interface IndexedSource {
  source: SourceForCheck;
  /** The language its numbers are read in: the declared one, else detected from the text. */
  lang: Lang;
  normalised: string;
  /** What it states, read once: quotations with their speakers, figures with their kinds. */
  facts: SourceFacts;
  /** Every key its figure facts support, and the same per line (a range's two ends stated on one line). */
  figureKeys: Set<string>;
  lineKeys: Map<number, Set<string>>;
  passages: Passage[];
}

/** Passages are the source's sentences (lines split at sentence ends), the unit a near match is shown in. */
function passagesOf(text: string): Passage[] {
  return text.split(/\n+/).flatMap((line, paragraph) =>
    line
      .split(/(?<=[.!?»”"])\s+(?=[\p{Lu}«“"¿¡])/u)
      .map((t) => t.trim())
      .filter((t) => t.length > 0)
      .map((t) => ({ text: t, normalised: normaliseText(t), words: new Set(words(t)), paragraph })),
  );
}

export function indexSource(source: SourceForCheck): IndexedSource {
  const lang = source.lang ?? detectLang(source.text);
  const facts = source.facts?.version === FACTS_VERSION ? source.facts : extractFacts(source.text, lang);
  const figureKeys = new Set<string>();
  const lineKeys = new Map<number, Set<string>>();
  for (const f of facts.figures) {
    const line = lineKeys.get(f.line) ?? new Set<string>();
    for (const key of [f.key, ...(f.also ?? [])])
      for (const k of supportedKeys(key)) {
        figureKeys.add(k);
        line.add(k);
      }
    lineKeys.set(f.line, line);
  }
  return {
    source,
    lang,
    normalised: normaliseText(source.text),
    facts,
    figureKeys,
    lineKeys,
    passages: passagesOf(source.text),
  };
}

export function passageFigureKeys(passage: Passage, lang: Lang): Set<string> {
  passage.figureKeys ??= sourceFigureKeys(passage.text, lang);
  return passage.figureKeys;
}

/** Share of the claim's words that the passage has (0–1). */
function overlap(claimWords: string[], passage: Passage): number {
  if (!claimWords.length) return 0;
  let hits = 0;
  for (const w of claimWords) if (passage.words.has(w)) hits++;
  return hits / claimWords.length;
}

const NEAR_MATCH_MIN = 0.3;

/** The passage, in any of these sources, closest in wording to the claim; null when nothing comes close. */
export function nearestPassage(
  claim: string,
  sources: IndexedSource[],
  mustContain?: (passage: Passage) => boolean,
): { n: number; passage: string } | null {
  const claimWords = [...new Set(words(claim))];
  let best: { n: number; passage: string; score: number } | null = null;
  for (const s of sources) {
    for (const p of s.passages) {
      if (mustContain && !mustContain(p)) continue;
      const score = overlap(claimWords, p) + (mustContain ? 1 : 0);
      if (!best || score > best.score) best = { n: s.source.n, passage: p.text, score };
    }
  }
  return best && best.score >= NEAR_MATCH_MIN ? { n: best.n, passage: best.passage } : null;
}
