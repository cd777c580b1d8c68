import { extractFigures, type Figure } from "./figures.ts";
import { type IndexedSource, nearestPassage, passageFigureKeys } from "./passages.ts";
import { extractQuotes, quoteAppearsIn, quoteFragments, withoutQuotes } from "./quotes.ts";
import type { ClaimResult, Finding, Lang } from "./types.ts";

export interface SentenceContext {
  lang: Lang;
  sentence: string;
  /** The sources the sentence cites (all usable ones when it is untied). */
  cited: IndexedSource[];
  /** Every usable source, for near matches. */
  all: IndexedSource[];
}

const sourceLabel = (n: number) => `[${n}]`;

function checkQuote(quote: string, ctx: SentenceContext): { claim: ClaimResult; finding: Finding | null } {
  const fragments = quoteFragments(quote);
  const base = { lang: ctx.lang, kind: "quote" as const, claim: quote, sentence: ctx.sentence };
  if (!fragments.length) return { claim: { ...base, found: true, n: null, passage: null }, finding: null };
  for (const s of ctx.cited) {
    if (!quoteAppearsIn(fragments, s.normalised)) continue;
    const first = fragments[0] ?? "";
    const passage = s.passages.find((p) => p.normalised.includes(first))?.text ?? null;
    return { claim: { ...base, found: true, n: s.source.n, passage }, finding: null };
  }
  const elsewhere = ctx.all.find((s) => !ctx.cited.includes(s) && quoteAppearsIn(fragments, s.normalised));
  const nearMatch = elsewhere
    ? nearestPassage(quote, [elsewhere], (p) => p.normalised.includes(fragments[0] ?? ""))
    : nearestPassage(quote, ctx.cited.length ? ctx.cited : ctx.all);
  const detail = elsewhere
    ? `the quotation appears in source ${sourceLabel(elsewhere.source.n)}, which this sentence does not cite`
    : "the quotation does not appear verbatim in any cited source";
  return {
    claim: { ...base, found: false, n: null, passage: null },
    finding: { lang: ctx.lang, check: "quote_not_found", sentence: ctx.sentence, claim: quote, detail, nearMatch },
  };
}

function checkFigure(figure: Figure, ctx: SentenceContext): { claim: ClaimResult; finding: Finding | null } {
  const has = (keys: Set<string>) => figure.keys.some((k) => keys.has(k));
  const base = { lang: ctx.lang, kind: "figure" as const, claim: figure.raw, sentence: ctx.sentence };
  const supporting = ctx.cited.find((s) => has(s.figureKeys));
  if (supporting) {
    const passage = nearestPassage(ctx.sentence, [supporting], (p) => has(passageFigureKeys(p)));
    return {
      claim: { ...base, found: true, n: supporting.source.n, passage: passage?.passage ?? null },
      finding: null,
    };
  }
  const elsewhere = ctx.all.find((s) => !ctx.cited.includes(s) && has(s.figureKeys));
  const nearMatch = elsewhere
    ? nearestPassage(ctx.sentence, [elsewhere], (p) => has(passageFigureKeys(p)))
    : nearestPassage(ctx.sentence, ctx.cited.length ? ctx.cited : ctx.all);
  const detail = elsewhere
    ? `${figure.raw} appears in source ${sourceLabel(elsewhere.source.n)}, which this sentence does not cite`
    : `${figure.raw} does not appear in any cited source`;
  return {
    claim: { ...base, found: false, n: null, passage: null },
    finding: {
      lang: ctx.lang,
      check: "figure_not_found",
      sentence: ctx.sentence,
      claim: figure.raw,
      detail,
      nearMatch,
    },
  };
}

/** The quotations and figures a sentence states (figures inside a quotation are checked with the quotation). */
export function claimsOf(sentence: string): { quotes: string[]; figures: Figure[] } {
  return { quotes: extractQuotes(sentence), figures: extractFigures(withoutQuotes(sentence)) };
}

export function checkClaims(
  claims: { quotes: string[]; figures: Figure[] },
  ctx: SentenceContext,
): { results: ClaimResult[]; findings: Finding[] } {
  const checked = [...claims.quotes.map((q) => checkQuote(q, ctx)), ...claims.figures.map((f) => checkFigure(f, ctx))];
  return {
    results: checked.map((c) => c.claim),
    findings: checked.flatMap((c) => (c.finding ? [c.finding] : [])),
  };
}
