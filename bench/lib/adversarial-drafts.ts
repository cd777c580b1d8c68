/**
 * The pieces every case of the adversarial corpus is built from: the sources as the verifier receives them, a
 * faithful draft in both languages, and the small rewrites attacks make of it.
 */
import type {
  CheckKind,
  DraftForCheck,
  Lang,
  SourceForCheck,
  TiedSentence,
} from "~/features/grounding/verification/types.ts";
import { ADV_FACTS, type AdvFact } from "./adversarial-facts.ts";
import { ADV_QUOTES } from "./adversarial-quotes.ts";
import { ADV_SOURCES } from "./adversarial-sources.ts";

export interface AdvExpect {
  checks: CheckKind[];
  lang?: Lang;
  field?: "title" | "summary" | "body";
  /** What the finding's detail must say (a truncated source: that it was read only in part). */
  detail?: RegExp;
}
export interface AdvCase {
  name: string;
  kind: string | null;
  drafts: DraftForCheck[];
  sources: SourceForCheck[];
  expect: AdvExpect | null;
}

export const advUrl = (n: number) => `https://www.example.gob.es/fuente-${n}.html`;
export const advSources = (): SourceForCheck[] =>
  ADV_SOURCES.map((s) => ({
    n: s.n,
    url: advUrl(s.n),
    finalUrl: advUrl(s.n),
    status: 200,
    allowListed: true,
    fetched: true,
    text: s.text,
  }));

export const noDot = (s: string) => s.replace(/\.$/, "");
export const other = (l: Lang): Lang => (l === "es" ? "en" : "es");

/** A quotation sentence, attributed in one of the ways drafts attribute quotations. */
export function quoteSentence(lang: Lang, words: string, name: string, form: number): string {
  if (lang === "es")
    return [
      `${name} afirmó: «${words}».`,
      `«${words}», dijo ${name}.`,
      `Según ${name}, «${words}».`,
      `${name} aseguró que «${words}».`,
    ][form % 4] as string;
  return [
    `${name} said: “${words}.”`,
    `“${words},” said ${name}.`,
    `According to ${name}, “${words}.”`,
    `${name} warned that “${words}”.`,
  ][form % 4] as string;
}
/** How a draft in the other language reports the same words (a paraphrase, no quotation marks). */
export const reported = (lang: Lang, name: string) =>
  lang === "es" ? `${name} se pronunció sobre la supervisión de la IA.` : `${name} spoke about the oversight of AI.`;

export interface Base {
  facts: AdvFact[];
  quote: (typeof ADV_QUOTES)[number];
  es: DraftForCheck;
  en: DraftForCheck;
}

/** A faithful draft: a title and a summary from two facts, three facts and a quotation in the body. */
export function faithfulBase(i: number): Base {
  const F = ADV_FACTS.length;
  const facts = [0, 1, 3, 7].map((k) => ADV_FACTS[(i + k) % F] as AdvFact);
  const quote = ADV_QUOTES[i % ADV_QUOTES.length] as (typeof ADV_QUOTES)[number];
  const wording = (f: AdvFact, lang: Lang) => (i % 2 && f.alt?.[lang]?.[0]) || f[lang];
  const draft = (lang: Lang): DraftForCheck => {
    const sentences: TiedSentence[] = facts.slice(1).map((f) => ({ text: wording(f, lang), sources: [f.n] }));
    sentences.push({
      text: quote.lang === lang ? quoteSentence(lang, quote.words, quote.speaker, i) : reported(lang, quote.speaker),
      sources: [quote.n],
    });
    return {
      lang,
      title: noDot(wording(facts[0] as AdvFact, lang)),
      summary: wording(facts[1] as AdvFact, lang),
      body: sentences.map((s) => s.text).join(" "),
      sentences,
      sourceUrls: ADV_SOURCES.map((s) => advUrl(s.n)),
    };
  };
  return { facts, quote, es: draft("es"), en: draft("en") };
}

export const rebody = (d: DraftForCheck) => ({ ...d, body: d.sentences.map((s) => s.text).join(" ") });

/** Changes the first digit of the first figure to one no source states. */
export function bump(text: string): string {
  return text.replace(/\d/, (d) => String((Number(d) + 3) % 10 || 7));
}

export type Variant = "scale1000" | "scale1e6" | "decimal" | "unit" | "date";

export function kindCases(count: number, make: (i: number) => AdvCase | null): AdvCase[] {
  const out: AdvCase[] = [];
  for (let i = 0; out.length < count && i < count * 6; i++) {
    const c = make(i);
    if (c) out.push(c);
  }
  return out;
}
