import { extractFacts } from "./extract.ts";
import { sourceFactsSchema } from "./schema.ts";
import { FACTS_VERSION, type SourceFacts } from "./types.ts";

/**
 * The facts stored with a copy, when the current extractor read them; null otherwise (none stored, an older
 * version, or JSON that no longer has the shape): the caller reads the text again through factsOf.
 */
export function storedFacts(facts: unknown, version: number | null): SourceFacts | null {
  if (version !== FACTS_VERSION || facts == null) return null;
  const parsed = sourceFactsSchema.safeParse(facts);
  return parsed.success ? parsed.data : null;
}

/** What a snapshot carries for facts: the stored ones (as storedFacts reads them), with their version. */
export interface WithFacts {
  ok: boolean;
  text: string;
  facts: SourceFacts | null;
  factsVersion: number | null;
}

/**
 * A copy's facts: the stored ones when the current extractor read them, else read again from its text, so an
 * upgraded extractor never serves what an older one found. A copy that was not read states nothing.
 */
export function factsOf(view: WithFacts): SourceFacts {
  if (view.facts && view.factsVersion === FACTS_VERSION) return view.facts;
  return extractFacts(view.ok ? view.text : "");
}
