/**
 * What a source states, read once when its snapshot is stored: its quotations with the speaker its structure
 * names, and its figures with their kind. The verifier checks drafts against these, the desk and /fuentes show
 * them. FACTS_VERSION changes whenever the extractor reads differently, so stored facts can be re-extracted.
 */
export const FACTS_VERSION = 1;

/** How a quotation's speaker was read from the document. */
export type SpeakerHow =
  | "verb_after" // «…», dijo X · "…," X said
  | "verb_before" // X afirmó: «…» · según X, «…»
  | "attribution_line" // a pull quote followed by "— Name, role"
  | "label" // a transcript's speaker label: "EL SEÑOR PRESIDENTE:", "LA SEÑORA RUIZ (directora):", "Q:"
  | "carried" // "añadió" / "she added": the previous quotation's speaker
  | "previous_line" // a PDF line that introduces the quotation on the next line
  | "unknown";

export interface Speaker {
  /** The name as the document writes it, without title or role ("Samuel Okafor-Reyes"); null: a role only. */
  name: string | null;
  /** The role the document gives next to the name ("directora", "NIMT Director"), if any. */
  role: string | null;
}

export interface QuoteFact {
  /** The quoted words as the document gives them (line breaks folded to spaces). */
  text: string;
  speaker: Speaker | null;
  how: SpeakerHow;
  /** The line (paragraph) of the snapshot's text where the quotation starts, 0-based. */
  line: number;
}

export type FigureKind =
  | "count"
  | "amount"
  | "percent"
  | "percentage_points"
  | "relative_change"
  | "date"
  | "month"
  | "day"
  | "year"
  | "article"
  | "range"
  | "duration";

export interface FigureFact {
  /** The figure as the document writes it ("2,4 millones de euros"). */
  raw: string;
  kind: FigureKind;
  /** Value and unit in one comparable key ("amt:EUR:2400000", "pp:6", "date:2025-11-17", "art:5.1.c"). */
  key: string;
  /** Other readings of the same written figure ("2,400" in Spanish: 2.4 or 2400), when it has them. */
  also?: string[];
  line: number;
}

export interface SourceFacts {
  version: number;
  quotes: QuoteFact[];
  figures: FigureFact[];
}
