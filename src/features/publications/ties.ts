import type { TiedSentence } from "./verification/index.ts";

/**
 * Ties between a draft's sentences and its numbered sources, written inline in the Markdown body as `[n]` or
 * `[n, m]` after the sentence. Inline markers survive an editor's edit and the translation, so the check can
 * be re-run on any saved body without a separate structure to keep in step with it.
 */

/** `[1]`, `[1, 3]`, `[2][4]`; never a Markdown link `[text](url)` or reference `[text][id]`. */
const MARKER = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?!\()/g;

/** Sentence ends: . ! ? … followed by space (or a closing quote then space), or a line break. */
const SENTENCE_END = /(?<=[.!?…][»"”’)]?(?:\s*\[[\d,;\s]+\])*)\s+(?=[«"“'(¿¡A-ZÁÉÍÓÚÑ0-9[])/u;

/** Markdown decoration that is not part of what a sentence says. */
function plainLine(line: string): string {
  return line
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|_|`)/g, "")
    .trim();
}

function markersOf(sentence: string): number[] {
  const found = new Set<number>();
  for (const match of sentence.matchAll(MARKER)) {
    for (const part of (match[1] ?? "").split(/[,;]/)) {
      const n = Number(part.trim());
      if (Number.isInteger(n) && n > 0) found.add(n);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** The body's sentences, each with the source numbers it is tied to (markers removed from the text). */
export function tiedSentences(body: string): TiedSentence[] {
  const out: TiedSentence[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split("\n").map(plainLine).filter(Boolean);
    // A heading or list item is its own unit; prose lines of one paragraph join into one text.
    for (const unit of lines) {
      for (const raw of unit.split(SENTENCE_END)) {
        const sources = markersOf(raw);
        const text = raw
          .replace(MARKER, "")
          .replace(/\s+([.,;:!?…])/g, "$1")
          .replace(/\s+/g, " ")
          .trim();
        if (text) out.push({ text, sources });
      }
    }
  }
  return out;
}

/** The body without its markers: what a reader would quote. */
export function stripTies(body: string): string {
  return body.replace(/\s?\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?!\()/g, "");
}
