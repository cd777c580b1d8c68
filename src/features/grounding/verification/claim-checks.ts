import { checkAttribution, quoteSpan, speakerOf } from "./attribution.ts";
import { extractFigures, type Figure } from "./figures.ts";
import { placedFigure } from "./headline-context.ts";
import { words } from "./normalise.ts";
import { type IndexedSource, nearestPassage, type Passage, passageFigureKeys } from "./passages.ts";
import { extractQuotes, quoteAppearsIn, quoteFragments, withoutQuotes } from "./quotes.ts";
import type { ClaimResult, DraftField, Finding, Lang } from "./types.ts";

export interface SentenceContext {
  lang: Lang;
  field: DraftField;
  sentence: string;
  /** The sentence before, where a quotation's speaker may be named. */
  previous?: string;
  /** The sources the sentence cites (every usable one for a title or a summary). */
  cited: IndexedSource[];
  /** Every usable source, for near matches. */
  all: IndexedSource[];
  /** Title and summary: the figure keys the draft's body states, which place a headline's figure. */
  bodyKeys?: Set<string>;
}

const sourceLabel = (n: number) => `[${n}]`;
type Checked = { claim: ClaimResult; finding: Finding | null };

function finding(
  ctx: SentenceContext,
  check: Finding["check"],
  claim: string,
  detail: string,
  nearMatch: Finding["nearMatch"],
): Finding {
  return { lang: ctx.lang, field: ctx.field, check, sentence: ctx.sentence, claim, detail, nearMatch };
}

/** The passage of a source where a quotation's first words are, with its index. */
function quotePassage(s: IndexedSource, fragments: string[]): { p: Passage; i: number } | null {
  const i = s.passages.findIndex((p) => p.normalised.includes(fragments[0] ?? ""));
  const p = s.passages[i];
  return p ? { p, i } : null;
}

function checkQuote(quote: string, ctx: SentenceContext): Checked {
  const fragments = quoteFragments(quote);
  const base = { lang: ctx.lang, kind: "quote" as const, claim: quote, sentence: ctx.sentence };
  if (!fragments.length) return { claim: { ...base, found: true, n: null, passage: null }, finding: null };
  for (const s of ctx.cited) {
    if (!quoteAppearsIn(fragments, s.normalised)) continue;
    const at = quotePassage(s, fragments);
    const claim = { ...base, found: true, n: s.source.n, passage: at?.p.text ?? null };
    const [start, end] = quoteSpan(ctx.sentence, quote);
    const speaker = speakerOf(ctx.sentence, start, end, ctx.previous);
    if (!speaker || !at) return { claim, finding: null };
    const who = checkAttribution(speaker, s, at.i, fragments[0] ?? "");
    if (who.ok) return { claim, finding: null };
    const detail = `the quotation is attributed to ${speaker}; next to these words source ${sourceLabel(s.source.n)} names ${who.sourceSpeaker ?? "no one of that name"}`;
    const misattributed = finding(ctx, "quote_misattributed", quote, detail, { n: s.source.n, passage: who.passage });
    return { claim, finding: { ...misattributed, attribution: { draft: speaker, source: who.sourceSpeaker } } };
  }
  const elsewhere = ctx.all.find((s) => !ctx.cited.includes(s) && quoteAppearsIn(fragments, s.normalised));
  const nearMatch = elsewhere
    ? nearestPassage(quote, [elsewhere], (p) => p.normalised.includes(fragments[0] ?? ""))
    : nearestPassage(quote, ctx.cited.length ? ctx.cited : ctx.all);
  const detail = elsewhere
    ? `the quotation appears in source ${sourceLabel(elsewhere.source.n)}, which this sentence does not cite`
    : ctx.field === "body"
      ? "the quotation does not appear verbatim in any cited source"
      : "the quotation does not appear verbatim in any source that was read";
  return {
    claim: { ...base, found: false, n: null, passage: null },
    finding: finding(ctx, "quote_not_found", quote, detail, nearMatch),
  };
}

const holds = (figure: Figure, keys: Set<string>) => figure.keys.some((k) => keys.has(k));

function checkFigure(figure: Figure, ctx: SentenceContext): Checked {
  const has = (s: IndexedSource) => holds(figure, s.figureKeys);
  const inPassage = (s: IndexedSource) => (p: Passage) => holds(figure, passageFigureKeys(p, s.lang));
  const base = { lang: ctx.lang, kind: "figure" as const, claim: figure.raw, sentence: ctx.sentence };
  const supporting = ctx.cited.find(has);
  const placed =
    supporting && ctx.bodyKeys ? placedFigure(figure, ctx.sentence, ctx.lang, ctx.bodyKeys, ctx.cited) : null;
  if (placed && !placed.placed) {
    const detail = `${figure.raw} is in the sources only where they speak of something else`;
    return {
      claim: { ...base, found: false, n: null, passage: null },
      finding: finding(ctx, "figure_not_found", figure.raw, detail, placed.passage),
    };
  }
  if (supporting) {
    const passage = nearestPassage(ctx.sentence, [supporting], inPassage(supporting));
    return {
      claim: { ...base, found: true, n: supporting.source.n, passage: passage?.passage ?? null },
      finding: null,
    };
  }
  const elsewhere = ctx.all.find((s) => !ctx.cited.includes(s) && has(s));
  const nearMatch = elsewhere
    ? nearestPassage(ctx.sentence, [elsewhere], inPassage(elsewhere))
    : nearestPassage(ctx.sentence, ctx.cited.length ? ctx.cited : ctx.all);
  const detail = elsewhere
    ? `${figure.raw} appears in source ${sourceLabel(elsewhere.source.n)}, which this sentence does not cite`
    : ctx.field === "body"
      ? `${figure.raw} does not appear in any cited source`
      : `${figure.raw} does not appear in any source that was read`;
  return {
    claim: { ...base, found: false, n: null, passage: null },
    finding: finding(ctx, "figure_not_found", figure.raw, detail, nearMatch),
  };
}

/** The quotations and figures a sentence states (figures inside a quotation are checked with the quotation). */
export function claimsOf(sentence: string, lang: Lang): { quotes: string[]; figures: Figure[] } {
  return { quotes: extractQuotes(sentence), figures: extractFigures(withoutQuotes(sentence), lang) };
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

/**
 * A sentence with a quotation or a figure and no tie: one untied_claim, showing the passage where its first
 * claim does appear (in any read source), if any.
 */
export function checkUntied(
  claims: { quotes: string[]; figures: Figure[] },
  ctx: SentenceContext,
): { results: ClaimResult[]; finding: Finding } {
  const { results } = checkClaims(claims, { ...ctx, cited: ctx.all });
  const first = results.find((r) => r.found && r.n !== null && r.passage);
  const nearMatch = first ? { n: first.n as number, passage: first.passage as string } : null;
  const detail = nearMatch
    ? `states a quotation or a figure but is tied to no source; it appears in source ${sourceLabel(nearMatch.n)}`
    : "states a quotation or a figure but is tied to no source, and no source that was read has it";
  return {
    results: results.map((r) => ({ ...r, found: false, n: null, passage: null })),
    finding: finding(ctx, "untied_claim", results[0]?.claim ?? "", detail, nearMatch),
  };
}

/**
 * A title or summary sentence has no tie to say which passage its figures come from. When it states several,
 * they must stand together in one paragraph of one source: each may be in the sources, yet a headline that joins
 * one fact's amount to another fact's year has made a claim no source makes.
 */
export function checkTogether(figures: Figure[], ctx: SentenceContext): Finding[] {
  if (figures.length < 2) return [];
  const own = new Set(words(ctx.sentence));
  let best: { s: IndexedSource; paragraph: number; held: Figure[]; score: number } | null = null;
  for (const s of ctx.cited) {
    const byParagraph = new Map<number, { keys: Set<string>; shared: number }>();
    for (const p of s.passages) {
      const at = byParagraph.get(p.paragraph) ?? { keys: new Set<string>(), shared: 0 };
      for (const k of passageFigureKeys(p, s.lang)) at.keys.add(k);
      for (const w of p.words) if (own.has(w)) at.shared++;
      byParagraph.set(p.paragraph, at);
    }
    // The paragraph holding most of the figures; among equals, the one sharing most words with the sentence.
    for (const [paragraph, { keys, shared }] of byParagraph) {
      const held = figures.filter((f) => holds(f, keys));
      const score = held.length + shared / (own.size + 1);
      if (!best || score > best.score) best = { s, paragraph, held, score };
    }
  }
  if (!best || best.held.length === figures.length || !best.held.length) return [];
  const { s, paragraph, held } = best;
  const passage = s.passages
    .filter((p) => p.paragraph === paragraph)
    .map((p) => p.text)
    .join(" ");
  return figures
    .filter((f) => !held.includes(f))
    .map((f) =>
      finding(
        ctx,
        "figure_not_found",
        f.raw,
        `${f.raw} is not stated together with ${held.map((h) => h.raw).join(", ")} in any source that was read`,
        { n: s.source.n, passage },
      ),
    );
}
