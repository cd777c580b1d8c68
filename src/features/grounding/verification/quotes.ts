import { normaliseText } from "./normalise.ts";

/** Direct quotations in a sentence: «…», “…” and "…" (straight quotes paired in order). */
export function extractQuotes(sentence: string): string[] {
  const quotes: string[] = [];
  for (const re of [/«([^«»]+)»/g, /“([^“”]+)”/g, /"([^"]+)"/g]) {
    for (const m of sentence.matchAll(re)) {
      const inner = (m[1] ?? "").trim();
      if (inner) quotes.push(inner);
    }
  }
  return quotes;
}

/** The sentence without its quotations, so their figures are not checked twice. */
export function withoutQuotes(sentence: string): string {
  return sentence.replace(/«[^«»]*»|“[^“”]*”|"[^"]*"/g, " ");
}

/**
 * The pieces of a quotation that must appear verbatim, in order: an ellipsis ("…", "...", "[…]") marks an
 * omission, and punctuation at either end of the quoted text is the writer's, not the source's.
 */
export function quoteFragments(quote: string): string[] {
  return normaliseText(quote)
    .split(/\s*(?:\[\.\.\.\]|\(\.\.\.\)|\.\.\.)\s*/)
    .map((f) => f.replace(/^[\s.,;:!?¿¡'"-]+|[\s.,;:!?'"-]+$/g, ""))
    .filter((f) => f.length > 0);
}

/** True when every fragment of the quotation appears, in order, in the normalised source text. */
export function quoteAppearsIn(fragments: string[], normalisedSource: string): boolean {
  let from = 0;
  for (const fragment of fragments) {
    const at = normalisedSource.indexOf(fragment, from);
    if (at < 0) return false;
    from = at + fragment.length;
  }
  return fragments.length > 0;
}
