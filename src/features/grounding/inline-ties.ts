import { splitSentences, type TiedSentence } from "./verification/index.ts";

/**
 * Ties between a draft's sentences and its numbered sources, written inline in the Markdown body as `[n]` or
 * `[n, m]` after the sentence. Inline markers survive an editor's edit and the translation, so the check can
 * be re-run on any saved body without a separate structure to keep in step with it.
 */

/** `[1]`, `[1, 3]`, `[2][4]`; never a Markdown link `[text](url)` or reference `[text][id]`. */
const MARKER = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?!\()/g;

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

/** The body's sentences (the verifier's own splitter), each with the source numbers it is tied to. */
export function tiedSentences(body: string): TiedSentence[] {
  return splitSentences(body)
    .map((raw) => ({
      text: raw
        .replace(MARKER, "")
        .replace(/\s+([.,;:!?…])/g, "$1")
        .replace(/\s+/g, " ")
        .trim(),
      sources: markersOf(raw),
    }))
    .filter((s) => s.text);
}

/** The body without its markers: what a reader would quote. */
export function stripTies(body: string): string {
  return body.replace(/\s?\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?!\()/g, "");
}
