import type { CheckedContent } from "~/features/grounding/index.ts";

/** A run's draft and translation as the verifier checks them: title, summary and body in each language. */
export function runDraftContent(
  language: "es" | "en",
  draft: { title: string; summary: string; body: string; sources: { name?: string; url: string }[] },
  translation: { title: string; summary: string; body: string } | null,
): CheckedContent {
  const primary = { title: draft.title, summary: draft.summary, body: draft.body };
  const other = translation ?? { title: "", summary: "", body: "" };
  const [es, en] = language === "es" ? [primary, other] : [other, primary];
  return {
    title_es: es.title,
    summary_es: es.summary,
    body_es: es.body,
    title_en: en.title,
    summary_en: en.summary,
    body_en: translation || language === "en" ? en.body : null,
    sources: draft.sources,
  };
}

/** A fetched source as the drafting prompt numbers it ([n] in the draft). */
export interface GroundSource {
  n: number;
  url: string;
  title: string;
  text: string;
}

/**
 * The sources' text the prompt may carry in all (characters; about 8 000 tokens), so a run with many long
 * sources still fits a small model's context window with room for the answer.
 */
export const SOURCE_BUDGET_CHARS = 32_000;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3);

/** Paragraph-sized pieces of a text (long paragraphs cut at sentence ends near 800 characters). */
function passages(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n|\n(?=\S)/)) {
    let rest = para.trim();
    while (rest.length > 1000) {
      const cut = rest.lastIndexOf(". ", 800);
      const at = cut > 200 ? cut + 1 : 800;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/**
 * A source's text within `budget` characters: whole when it fits, otherwise its passages that share the most
 * terms with the subject (plus the opening one, which usually says what the document is), in document order.
 */
export function relevantText(text: string, subject: string, budget: number): string {
  if (text.length <= budget) return text;
  const terms = new Set(words(subject));
  const pieces = passages(text);
  const scored = pieces.map((p, i) => {
    const own = words(p);
    const hits = own.filter((w) => terms.has(w)).length;
    return { i, p, score: (i === 0 ? 1000 : 0) + hits / Math.sqrt(own.length + 1) };
  });
  const kept: typeof scored = [];
  let used = 0;
  for (const piece of [...scored].sort((a, b) => b.score - a.score)) {
    if (used + piece.p.length + 5 > budget) continue;
    kept.push(piece);
    used += piece.p.length + 5;
  }
  return kept
    .sort((a, b) => a.i - b.i)
    .map((k) => k.p)
    .join("\n[…]\n");
}

/** The numbered source block of the drafting prompt, bounded to SOURCE_BUDGET_CHARS in all. */
export function sourceBlock(sources: GroundSource[], subject: string, budget = SOURCE_BUDGET_CHARS): string {
  const each = Math.floor(budget / Math.max(1, sources.length));
  return sources
    .map((s) => `[${s.n}] ${s.title || s.url}\nURL: ${s.url}\n<<<\n${relevantText(s.text, subject, each)}\n>>>`)
    .join("\n\n");
}

export const GROUNDING_RULES = [
  "Write only from the numbered sources above. Do not add facts, figures, dates or quotations from memory.",
  "After every sentence that states a fact, write the numbers of the sources it rests on in square brackets,",
  "for example: The Commission opened a consultation [1]. Several sources: [1, 3]. Headings need no numbers.",
  "Copy quotations («…» or “…”) and figures exactly as the cited source writes them.",
  "Leave `sources` empty: the numbered sources are the article's sources.",
].join("\n");
