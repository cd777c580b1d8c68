import { nameTokens } from "../facts/names.ts";
import type { Speaker } from "../facts/types.ts";
import { checkSpeaker, quoteFactsWith, speakerText } from "./attribution.ts";
import { comparedFigure, type Figure, holdsIn } from "./figure-match.ts";
import { extractFigures } from "./figures.ts";
import { placedFigure } from "./headline-context.ts";
import { normaliseText, words } from "./normalise.ts";
import { type IndexedSource, nearestPassage, type Passage } from "./passages.ts";
import { extractQuotes, quoteAppearsIn, quoteFragments, withoutQuotes } from "./quotes.ts";
import type { ClaimResult, ComparedFact, DraftField, Finding, Lang } from "./types.ts";

export interface SentenceContext {
  lang: Lang;
  field: DraftField;
  sentence: string;
  /** The sources the sentence cites (every usable one for a title or a summary). */
  cited: IndexedSource[];
  /** Every usable source, for near matches. */
  all: IndexedSource[];
  /** The speaker the draft gives each of its quotations, by the quotation's normalised words. */
  speakers: Map<string, Speaker | null>;
  /** Title and summary: the figure keys the draft's body states, which place a headline's figure. */
  bodyKeys?: Set<string>;
}

const sourceLabel = (n: number) => `[${n}]`;

/** How a finding names a figure's kind ("6 % as a relative change does not appear…"). */
const KIND_NAMES: Record<Figure["kind"], string> = {
  count: "a count",
  amount: "an amount",
  percent: "a percentage",
  percentage_points: "percentage points",
  relative_change: "a relative change",
  date: "a date",
  month: "a month",
  day: "a day",
  year: "a year",
  article: "an article number",
  range: "a range",
  duration: "a duration",
};
type Checked = { claim: ClaimResult; finding: Finding | null };

function finding(
  ctx: SentenceContext,
  check: Finding["check"],
  claim: string,
  detail: string,
  nearMatch: Finding["nearMatch"],
  fact: ComparedFact | null = null,
): Finding {
  return { lang: ctx.lang, field: ctx.field, check, sentence: ctx.sentence, claim, detail, nearMatch, fact };
}

const passageWith = (s: IndexedSource, fragment: string): Passage | null =>
  s.passages.find((p) => p.normalised.includes(fragment)) ?? null;

/** Words the source states outside any quotation: the person must be named on the line that holds them. */
function namedOnLine(s: IndexedSource, fragment: string, name: string): boolean {
  const tokens = nameTokens(name);
  return s.source.text.split("\n").some((line) => {
    if (!normaliseText(line).includes(fragment.slice(0, 40))) return false;
    const own = new Set(words(line).concat(nameTokens(line)));
    return tokens.every((t) => own.has(t));
  });
}

/** One cited source's verdict on who said a quotation it holds: null when it agrees with the draft. */
function misattribution(fragments: string[], speaker: Speaker, s: IndexedSource) {
  const name = speaker.name ?? "";
  const holding = quoteFactsWith(s, fragments);
  const label = sourceLabel(s.source.n);
  if (!holding.length) {
    if (namedOnLine(s, fragments[0] ?? "", name)) return null;
    const detail = `the quotation is attributed to ${name}; source ${label} has these words, but not as a quotation of anyone it names`;
    return { detail, source: null, fact: null };
  }
  const check = checkSpeaker(speaker, holding, s);
  if (check.ok) return null;
  const said = check.fact;
  const fact: ComparedFact | null = said
    ? { n: s.source.n, kind: "quote", text: said.text, speaker: speakerText(said.speaker), how: said.how }
    : null;
  const detail = check.ambiguous
    ? `the quotation is attributed to ${name}; source ${label} quotes ${check.ambiguous.join(" and ")}, and that name could be either`
    : check.sourceSpeaker
      ? `the quotation is attributed to ${name}; source ${label} gives these words to ${check.sourceSpeaker}`
      : `the quotation is attributed to ${name}; source ${label} does not say who said these words`;
  return { detail, source: check.sourceSpeaker, fact };
}

function checkQuote(quote: string, ctx: SentenceContext): Checked {
  const fragments = quoteFragments(quote);
  const base = { lang: ctx.lang, kind: "quote" as const, claim: quote, sentence: ctx.sentence };
  if (!fragments.length) return { claim: { ...base, found: true, n: null, passage: null }, finding: null };
  const holding = ctx.cited.filter((s) => quoteAppearsIn(fragments, s.normalised));
  const speaker = ctx.speakers.get(normaliseText(quote)) ?? null;
  const first = holding[0];
  if (first) {
    const claim = {
      ...base,
      found: true,
      n: first.source.n,
      passage: passageWith(first, fragments[0] ?? "")?.text ?? null,
    };
    if (!speaker?.name) return { claim, finding: null };
    const verdicts = holding.map((s) => ({ s, wrong: misattribution(fragments, speaker, s) }));
    const right = verdicts.find((v) => !v.wrong);
    if (right) return { claim: { ...claim, n: right.s.source.n }, finding: null };
    const { s, wrong } = verdicts[0] as { s: IndexedSource; wrong: NonNullable<ReturnType<typeof misattribution>> };
    const nearMatch = { n: s.source.n, passage: passageWith(s, fragments[0] ?? "")?.text ?? "" };
    const misattributed = finding(ctx, "quote_misattributed", quote, wrong.detail, nearMatch, wrong.fact);
    return { claim, finding: { ...misattributed, attribution: { draft: speaker.name, source: wrong.source } } };
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

function checkFigure(figure: Figure, ctx: SentenceContext): Checked {
  const base = { lang: ctx.lang, kind: "figure" as const, claim: figure.raw, sentence: ctx.sentence };
  const supporting = ctx.cited.find((s) => holdsIn(figure, s));
  const placed =
    supporting && ctx.bodyKeys ? placedFigure(figure, ctx.sentence, ctx.lang, ctx.bodyKeys, ctx.cited) : null;
  if (placed && !placed.placed) {
    const detail = `${figure.raw} is in the sources only where they speak of something else`;
    const fact = comparedFigure(figure, ctx.sentence, ctx.cited);
    return {
      claim: { ...base, found: false, n: null, passage: null },
      finding: finding(ctx, "figure_not_found", figure.raw, detail, placed.passage, fact),
    };
  }
  if (supporting) {
    const passage = nearestPassage(ctx.sentence, [supporting], (p) => holdsIn(figure, supporting, p));
    return {
      claim: { ...base, found: true, n: supporting.source.n, passage: passage?.passage ?? null },
      finding: null,
    };
  }
  const elsewhere = ctx.all.find((s) => !ctx.cited.includes(s) && holdsIn(figure, s));
  const nearMatch = elsewhere
    ? nearestPassage(ctx.sentence, [elsewhere], (p) => holdsIn(figure, elsewhere, p))
    : nearestPassage(ctx.sentence, ctx.cited.length ? ctx.cited : ctx.all);
  const compared = comparedFigure(figure, ctx.sentence, ctx.cited.length ? ctx.cited : ctx.all);
  const kindNote = compared && compared.figureKind !== figure.kind ? ` as ${KIND_NAMES[figure.kind]}` : "";
  const stated = compared
    ? `; source [${compared.n}] states ${compared.text} (${compared.figureKind?.replace(/_/g, " ")})`
    : "";
  const detail = elsewhere
    ? `${figure.raw} appears in source ${sourceLabel(elsewhere.source.n)}, which this sentence does not cite`
    : ctx.field === "body"
      ? `${figure.raw}${kindNote} does not appear in any cited source${stated}`
      : `${figure.raw}${kindNote} does not appear in any source that was read${stated}`;
  return {
    claim: { ...base, found: false, n: null, passage: null },
    finding: finding(ctx, "figure_not_found", figure.raw, detail, nearMatch, compared),
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
