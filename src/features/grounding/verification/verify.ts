import { readQuotations } from "../facts/quotations.ts";
import type { Speaker } from "../facts/types.ts";
import { checkClaims, checkUntied, claimsOf, type SentenceContext } from "./claim-checks.ts";
import { extractFigures } from "./figures.ts";
import { normaliseText } from "./normalise.ts";
import { type IndexedSource, indexSource } from "./passages.ts";
import { withoutQuotes } from "./quotes.ts";
import { splitSentences } from "./sentences.ts";
import { checkListedSources, isUsable, noteTruncated, tiedToUnread } from "./source-checks.ts";
import { createTieFinder, stripCitationMarkers } from "./tie-finder.ts";
import type {
  CheckKind,
  ClaimResult,
  DraftForCheck,
  Finding,
  SourceForCheck,
  VerificationReport,
  VerificationStatus,
} from "./types.ts";

/**
 * Checks whose finding fails the draft outright: a source that cannot support anything, a claim resting on a
 * source that was not read, a quotation no cited source contains. Any other finding (a figure not found, a
 * claim with no tie) asks an editor to look: needs_review. No finding at all: verified.
 */
const FAILING: ReadonlySet<CheckKind> = new Set([
  "no_sources",
  "source_not_fetched",
  "source_status",
  "source_off_list",
  "tie_unknown_source",
  "quote_not_found",
]);

/** A listed source that was not read, though no sentence rests on it: an editor must look, nothing failed. */
const uncitedSource = (f: Finding) => f.sentence === "" && f.check !== "no_sources";

export function statusOf(findings: Finding[]): VerificationStatus {
  if (findings.some((f) => FAILING.has(f.check) && !uncitedSource(f))) return "failed";
  return findings.length ? "needs_review" : "verified";
}

/**
 * The speaker the draft gives each of its quotations, read from its own sentences the way a source's are
 * (so "«…», añadió." carries the previous speaker and "she added" is no one's name).
 */
function draftSpeakers(sentences: string[]): Map<string, Speaker | null> {
  const out = new Map<string, Speaker | null>();
  for (const q of readQuotations(sentences.join("\n")))
    if (q.how !== "label") out.set(normaliseText(q.text), q.speaker);
  return out;
}

function checkDraft(draft: DraftForCheck, bySource: Map<number, SourceForCheck>, usable: IndexedSource[]) {
  const findings: Finding[] = [];
  const claims: ClaimResult[] = [];
  // Every tie must point at a source that was read; a tie to one that was not says why it could not be used.
  for (const tied of draft.sentences) {
    for (const n of new Set(tied.sources)) {
      const source = bySource.get(n);
      if (source && isUsable(source)) continue;
      findings.push(
        source
          ? { ...tiedToUnread(source, draft.lang, tied.text), field: "body" }
          : {
              lang: draft.lang,
              field: "body",
              check: "tie_unknown_source",
              sentence: tied.text,
              claim: null,
              detail: `tied to source [${n}], which does not exist`,
              nearMatch: null,
            },
      );
    }
  }
  const tieOf = createTieFinder(draft.sentences);
  const bodyKeys = new Set(extractFigures(withoutQuotes(draft.body), draft.lang).flatMap((f) => f.keys));
  // Title and summary carry no ties: what they state must be in some source that was read.
  for (const field of ["title", "summary"] as const) {
    const sentences = splitSentences(draft[field] ?? "");
    const speakers = draftSpeakers(sentences);
    for (const sentence of sentences) {
      const ctx = { lang: draft.lang, field, sentence, cited: usable, all: usable, speakers, bodyKeys };
      const checked = checkClaims(claimsOf(sentence, draft.lang), ctx);
      claims.push(...checked.results);
      findings.push(...checked.findings);
    }
  }
  // Findings quote the sentence exactly as splitSentences gives it, so the desk can highlight it in the body.
  const bodySentences = splitSentences(draft.body);
  const speakers = draftSpeakers(bodySentences.map((s) => stripCitationMarkers(s)));
  for (const sentence of bodySentences) {
    const text = stripCitationMarkers(sentence).replace(/https?:\/\/\S+/g, " ");
    const found = claimsOf(text, draft.lang);
    if (!found.quotes.length && !found.figures.length) continue;
    const tie = tieOf(text);
    const ctx: SentenceContext = {
      lang: draft.lang,
      field: "body",
      sentence,
      cited: [],
      all: usable,
      speakers,
    };
    // Tied only to sources that were not read: the tie's own finding above already says why.
    if (tie?.sources.length && tie.sources.every((n) => !usable.some((s) => s.source.n === n))) continue;
    // A sentence the model left untied (or tied to nothing) is one untied_claim, not a claim missing from [].
    if (!tie?.sources.length) {
      const untied = checkUntied(found, ctx);
      claims.push(...untied.results);
      findings.push(untied.finding);
      continue;
    }
    const cited = usable.filter((s) => tie.sources.includes(s.source.n));
    const checked = checkClaims(found, { ...ctx, cited });
    claims.push(...checked.results);
    findings.push(
      ...checked.findings.map((f) =>
        noteTruncated(
          f,
          cited.map((c) => c.source),
        ),
      ),
    );
  }
  return { findings, claims };
}

/**
 * Checks drafts (both languages) against the snapshots of their sources, by string comparison only: no I/O,
 * no model. See docs/grounding.md for what it cannot catch.
 */
export function verifyDraft(input: {
  drafts: DraftForCheck[];
  sources: SourceForCheck[];
  now?: Date;
}): VerificationReport {
  const { drafts, sources } = input;
  const listed = checkListedSources(drafts, sources);
  const findings: Finding[] = [...listed.findings];
  const claims: ClaimResult[] = [];
  const usable = sources.filter(isUsable).map(indexSource);
  if (!usable.length)
    findings.push({
      lang: drafts[0]?.lang ?? "es",
      check: "no_sources",
      sentence: "",
      claim: null,
      detail: "no source was read: nothing in the draft can be checked",
      nearMatch: null,
    });
  const bySource = new Map(sources.map((s) => [s.n, s]));
  for (const draft of drafts) {
    const checked = checkDraft(draft, bySource, usable);
    findings.push(...checked.findings);
    claims.push(...checked.claims);
  }
  return {
    status: statusOf(findings),
    checkedAt: (input.now ?? new Date()).toISOString(),
    sources: listed.results,
    claims,
    findings,
  };
}
