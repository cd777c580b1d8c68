import type { SourceFacts } from "../facts/types.ts";

export type Lang = "es" | "en";

export interface SourceForCheck {
  /** The source's number as the draft cites it (1-based). */
  n: number;
  url: string;
  finalUrl: string | null;
  status: number | null;
  allowListed: boolean;
  fetched: boolean;
  text: string;
  /** The source's declared language, when its snapshot carries one; else it is detected from the text. */
  lang?: Lang | null;
  /** Why it was not read (the fetcher's refusal: http_status, off_list, robots, too_big, timeout…), if it was not. */
  reason?: string | null;
  /** True when only the first part of a large document was read (the size cap). */
  truncated?: boolean;
  /** The facts stored with its snapshot; extracted from `text` when absent. */
  facts?: SourceFacts | null;
}

export interface TiedSentence {
  text: string;
  sources: number[];
}

export interface DraftForCheck {
  lang: Lang;
  /** Title and summary carry no ties: their figures and quotations must be in some read source. */
  title?: string;
  summary?: string;
  body: string;
  sentences: TiedSentence[];
  sourceUrls: string[];
}

export type CheckKind =
  | "no_sources"
  | "source_not_fetched"
  | "source_status"
  | "source_off_list"
  | "quote_not_found"
  | "figure_not_found"
  | "tie_unknown_source"
  | "untied_claim"
  | "quote_misattributed";

/** Where in the draft a claim sits. */
export type DraftField = "title" | "summary" | "body";

export interface Finding {
  lang: Lang;
  field?: DraftField;
  check: CheckKind;
  sentence: string;
  claim: string | null;
  detail: string;
  nearMatch: { n: number; passage: string } | null;
  /** quote_misattributed: who the draft says spoke, and who the source names next to the words (if anyone). */
  attribution?: { draft: string; source: string | null };
  /** The source's fact the claim was compared with: a quotation with its speaker, or a figure with its kind. */
  fact?: ComparedFact | null;
}

export interface ComparedFact {
  n: number;
  kind: "quote" | "figure";
  text: string;
  /** A quotation's speaker as the source gives it (null: the source does not say) and how it was read. */
  speaker?: string | null;
  how?: string;
  /** A figure's kind ("percentage_points") and key ("pp:6"). */
  figureKind?: string;
  key?: string;
}

export interface ClaimResult {
  lang: Lang;
  kind: "quote" | "figure";
  claim: string;
  sentence: string;
  found: boolean;
  n: number | null;
  passage: string | null;
}

export interface SourceResult {
  n: number;
  url: string;
  state: "fetched" | "unreachable" | "off_list";
  status: number | null;
  /** Where its redirects ended, when that is another address. */
  finalUrl?: string | null;
  /** Why it was not read ("not_fetched": listed, never fetched); null when it was read. */
  reason?: string | null;
  /** Only the first part of it was read (the size cap). */
  truncated?: boolean;
}

export type VerificationStatus = "verified" | "needs_review" | "failed";

export interface VerificationReport {
  status: VerificationStatus;
  checkedAt: string;
  sources: SourceResult[];
  claims: ClaimResult[];
  findings: Finding[];
}
