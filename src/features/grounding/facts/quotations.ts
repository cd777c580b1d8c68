/**
 * The quotations a document states, each with the speaker its structure names: the quotation's own sentence
 * (a verb of saying and a name, before or after it), an attribution line under a pull quote, a transcript's
 * speaker label, a line that introduces it (a PDF's layout), or the previous speaker carried by "añadió" /
 * "added". A quotation whose speaker none of these gives is stored with speaker null ("unknown"): never the
 * nearest name.
 */
import { namesIn } from "./names.ts";
import { type Reading, speakerAfter, speakerBefore } from "./speakers.ts";
import { readTurns, type Turn } from "./transcript.ts";
import type { QuoteFact, Speaker, SpeakerHow } from "./types.ts";

// Straight quotes pair in order and may run over a line break (a PDF wraps them like any text).
const SPANS = [/«([^«»]{1,2000})»/gu, /“([^“”]{1,2000})”/gu, /„([^“”„]{1,2000})[“”]/gu, /"([^"]{1,1000})"/gu];

interface Span {
  start: number;
  end: number;
  inner: string;
}

/** Quotation spans in document order; one inside another (“…” within «…») belongs to the outer one. */
function spansOf(text: string): Span[] {
  const all: Span[] = [];
  for (const re of SPANS)
    for (const m of text.matchAll(re)) {
      const inner = (m[1] ?? "").trim();
      if (inner) all.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, inner });
    }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of all) if (!out.some((o) => s.start >= o.start && s.end <= o.end)) out.push(s);
  return out;
}

/**
 * Where the sentence holding `at` starts: after a sentence end ([.!?…] and closing marks, then a space), or at
 * a line that starts anew. A line ending in a colon, a comma or a dash, or followed by a line in lower case (a
 * wrapped PDF line), runs on into the next: "…afirmó:" introduces the quotation on the line after it.
 */
function sentenceStart(text: string, at: number, floor: number): number {
  for (let i = at - 1; i > floor; i--) {
    const ch = text[i] as string;
    if (!/\s/.test(ch)) continue;
    const before = text.slice(Math.max(floor, i - 3), i).replace(/[^\S\n]+$/, "");
    if (ch === "\n") {
      if (/[:,;(—–-]$/u.test(before) || /^[^\S\n]*[\p{Ll}\d]/u.test(text.slice(i + 1, i + 4))) continue;
      return i + 1;
    }
    if (/[.!?…][»”"')\]]*$/u.test(before)) {
      const word = /([\p{L}.]+)[.]$/u.exec(text.slice(Math.max(floor, i - 12), i))?.[1] ?? "";
      // "Sr. Pérez", "Dr. Smith", "art. 5": the stop of an abbreviation does not end the sentence.
      if (/^(?:sr|sra|dr|dra|mr|mrs|ms|prof|art|núm|no|st|p)$/iu.test(word)) continue;
      return i + 1;
    }
  }
  return floor;
}

const lineOf = (starts: number[], at: number) => {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] as number) <= at) line++;
  return line;
};

/** The person a sentence is about: the first name in it (a null subject's "afirmó" refers to it). */
function subjectOf(sentence: string): Speaker | null {
  const name = namesIn(sentence)[0];
  return name ? { name: name.name, role: null } : null;
}

export function readQuotations(text: string): QuoteFact[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const turns: Turn[] = readTurns(text, starts);
  const facts: QuoteFact[] = turns.map((t) => ({ text: t.text, speaker: t.speaker, how: "label", line: t.line }));
  let previous: { speaker: Speaker | null; line: number; end: number } | null = null;
  for (const span of spansOf(text)) {
    const line = lineOf(starts, span.start);
    const floor = previous && previous.end <= span.start ? previous.end : 0;
    const leadStart = sentenceStart(text, span.start, floor);
    const lead = text.slice(leadStart, span.start);
    const trail = text.slice(span.end, span.end + 400);
    const continues = /^[^\S\n]*[,;—–-]|^[^\S\n]*\p{Ll}/u.test(trail) || /,\s*$/.test(span.inner);
    const afterLine = speakerAfter(continues ? trail : trail.replace(/^[^\n]*/, ""));
    const before = speakerBefore(lead);
    let reading: Reading = null;
    for (const r of [afterLine, before]) if (r && "speaker" in r && r.speaker.name) reading ??= r;
    for (const r of [afterLine, before]) reading ??= r;
    let speaker: Speaker | null = null;
    let how: SpeakerHow = "unknown";
    if (reading && "speaker" in reading) {
      speaker = reading.speaker;
      // The introduction stands on the line before the quotation (a PDF's layout, a paragraph ending in ":").
      how = reading.how === "verb_before" && /\n[^\S\n]*$/.test(lead.trimStart()) ? "previous_line" : reading.how;
    } else if (reading && "carried" in reading) {
      how = "carried";
      if (previous && line - previous.line <= 3) speaker = previous.speaker;
      else speaker = subjectOf(text.slice(sentenceStart(text, Math.max(0, leadStart - 1), 0), leadStart));
    } else {
      // Inside a transcript's turn, a quotation with no speaker of its own is the turn's speaker's words.
      const turn = turns.find((t) => span.start >= t.start && span.end <= t.end);
      if (turn && !lead.trim()) {
        speaker = turn.speaker;
        how = "label";
      }
    }
    facts.push({ text: span.inner.replace(/\s+/g, " "), speaker, how, line });
    previous = { speaker, line, end: span.end };
  }
  return facts.sort((a, b) => a.line - b.line);
}
