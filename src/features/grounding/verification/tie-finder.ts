import { normaliseText, words } from "./normalise.ts";
import type { TiedSentence } from "./types.ts";

/** Citation markers a draft may leave in its text ("[1]", "[2, 3]"): not figures, not words of the sentence. */
export const stripCitationMarkers = (text: string) => text.replace(/\s?\[\d+(?:\s*[,;–-]\s*\d+)*\]/g, "");

const TIE_MIN_SIMILARITY = 0.6;

function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * Finds the tie for each sentence of the body. The model's tied sentences may differ slightly from the body
 * (Markdown, an editor's later edit), so a body sentence takes the tie of the tied sentence that equals it,
 * contains it, or shares most of its words (Dice ≥ 0.6).
 */
export function createTieFinder(tied: TiedSentence[]) {
  const prepared = tied.map((t) => {
    const text = stripCitationMarkers(t.text);
    return { tie: t, normalised: normaliseText(text), words: new Set(words(text)) };
  });
  return (sentence: string): TiedSentence | null => {
    const normalised = normaliseText(sentence);
    const exact = prepared.find(
      (p) => p.normalised === normalised || (normalised.length >= 20 && p.normalised.includes(normalised)),
    );
    if (exact) return exact.tie;
    const own = new Set(words(sentence));
    let best: { tie: TiedSentence; score: number } | null = null;
    for (const p of prepared) {
      const score = dice(own, p.words);
      if (!best || score > best.score) best = { tie: p.tie, score };
    }
    return best && best.score >= TIE_MIN_SIMILARITY ? best.tie : null;
  };
}
