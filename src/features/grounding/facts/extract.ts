import { extractFigures } from "../verification/figures.ts";
import { detectLang } from "../verification/numbers.ts";
import type { Lang } from "../verification/types.ts";
import { readQuotations } from "./quotations.ts";
import { FACTS_VERSION, type FigureFact, type SourceFacts } from "./types.ts";

/** The figures of a text, line by line (a fact keeps the line it is stated in). */
function figureFacts(text: string, lang: Lang): FigureFact[] {
  const out: FigureFact[] = [];
  text.split("\n").forEach((line, n) => {
    for (const f of extractFigures(line, lang)) {
      const [key = "", ...also] = f.keys;
      out.push({ raw: f.raw, kind: f.kind, key, ...(also.length ? { also } : {}), line: n });
    }
  });
  return out;
}

/** What a source's text states: its quotations with their speakers and its figures with their kinds. */
export function extractFacts(text: string, lang: Lang = detectLang(text)): SourceFacts {
  return { version: FACTS_VERSION, quotes: readQuotations(text), figures: figureFacts(text, lang) };
}
