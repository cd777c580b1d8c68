/**
 * Does a draft give a quotation to the speaker its source does? The draft's speaker is read the way the
 * source's is (facts/quotations.ts); the source's is the speaker of the quotation fact holding the words.
 * Names are compared as names (facts/names.ts). Where the source does not say who spoke, or names someone
 * the draft's name could not tell from another person on the page, the claim is an editor's to resolve.
 */
import { fold, nameTokens, sameName } from "../facts/names.ts";
import type { QuoteFact, Speaker } from "../facts/types.ts";
import { normaliseText } from "./normalise.ts";
import type { IndexedSource } from "./passages.ts";
import { quoteAppearsIn } from "./quotes.ts";

export interface SpeakerCheck {
  ok: boolean;
  /** The fact compared with: the quotation holding the words whose speaker decided. */
  fact: QuoteFact | null;
  /** Who the source says spoke (a name, a role, or null: it does not say). */
  sourceSpeaker: string | null;
  /** The draft's name fits more than one person the source quotes. */
  ambiguous?: string[];
}

export const speakerText = (s: Speaker | null) => (s ? (s.name ?? s.role ?? null) : null);

const shareRole = (a: string | null, b: string | null) => {
  if (!a || !b) return false;
  const words = new Set(fold(a).split(/\s+/));
  return fold(b)
    .split(/\s+/)
    .some((w) => words.has(w));
};

/** Role words compare by their stem: "presidente" is named by "Presidencia", "directora" by "director". */
const stem = (w: string) => w.slice(0, 6);

/**
 * A role-only speaker ("EL SEÑOR PRESIDENTE") is the draft's person when a line of the source names that
 * person within a few words of the role ("PRESIDENCIA DEL EXCMO. SR. D. ANSELMO PRIETO", "la directora, doña X").
 */
function roleNames(role: string, name: string, source: IndexedSource): boolean {
  const tokens = nameTokens(name);
  const roleStems = new Set(fold(role).split(/\s+/).map(stem));
  return source.source.text.split("\n").some((line) => {
    const words = fold(line).match(/[\p{L}\p{N}]+/gu) ?? [];
    const at = words.findIndex((w) => roleStems.has(stem(w)));
    if (at < 0) return false;
    const near = new Set(words.slice(at, at + 14));
    return tokens.every((t) => near.has(t));
  });
}

function fits(draft: Speaker, fact: QuoteFact, source: IndexedSource): boolean {
  const said = fact.speaker;
  if (!said || !draft.name) return false;
  if (said.name) return sameName(draft.name, said.name);
  return !!said.role && roleNames(said.role, draft.name, source);
}

/** The quotation facts of a source that hold these words (in order, with omissions). */
export function quoteFactsWith(source: IndexedSource, fragments: string[]): QuoteFact[] {
  return source.facts.quotes.filter((q) => quoteAppearsIn(fragments, normaliseText(q.text)));
}

export function checkSpeaker(draft: Speaker, holding: QuoteFact[], source: IndexedSource): SpeakerCheck {
  const first = holding[0] ?? null;
  if (!draft.name) return { ok: true, fact: first, sourceSpeaker: speakerText(first?.speaker ?? null) };
  const match = holding.find((q) => fits(draft, q, source));
  if (!match) return { ok: false, fact: first, sourceSpeaker: speakerText(first?.speaker ?? null) };
  // Someone else the page quotes whom the draft's name also fits ("Ruiz" with two Ruiz on the page).
  const others = new Set<string>();
  for (const q of source.facts.quotes) {
    const other = q.speaker?.name;
    if (!other || !match.speaker?.name || sameName(other, match.speaker.name)) continue;
    if (sameName(draft.name, other)) others.add(other);
  }
  if (others.size && !shareRole(draft.role, match.speaker?.role ?? null))
    return {
      ok: false,
      fact: match,
      sourceSpeaker: speakerText(match.speaker),
      ambiguous: [speakerText(match.speaker) ?? "", ...others],
    };
  return { ok: true, fact: match, sourceSpeaker: speakerText(match.speaker) };
}
