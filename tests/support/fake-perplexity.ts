import { type FakeOpenAi, startFakeOpenAi } from "./fake-openai.ts";

export const PERPLEXITY_CITATIONS = [
  { title: "AI Act — EUR-Lex", url: "https://eur-lex.europa.eu/eli/reg/2024/1689/oj" },
  { title: "NIST AI RMF", url: "https://www.nist.gov/itl/ai-risk-management-framework" },
];

/** Perplexity's OpenAI-compatible chat API: every completion carries `citations` and `search_results`. */
export function startFakePerplexity(): Promise<FakeOpenAi> {
  return startFakeOpenAi({ citations: PERPLEXITY_CITATIONS });
}
