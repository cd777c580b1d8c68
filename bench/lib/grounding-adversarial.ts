/**
 * The adversarial corpus: drafts written the way someone trying to slip a fabrication past the verifier would
 * write them, each built from a faithful draft over the five sources of adversarial-sources.ts with one change.
 * Every case states the finding that must catch it (check, language and, where it matters, the field).
 */
import type {
  CheckKind,
  DraftForCheck,
  Lang,
  SourceForCheck,
  TiedSentence,
} from "~/features/grounding/verification/types.ts";
import { LARGE_READ_PART } from "./adversarial-large-source.ts";
import { ADV_FACTS, ADV_QUOTES, ADV_SOURCES, type AdvFact } from "./adversarial-sources.ts";

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

const URL = (n: number) => `https://www.example.gob.es/fuente-${n}.html`;
export const advSources = (): SourceForCheck[] =>
  ADV_SOURCES.map((s) => ({
    n: s.n,
    url: URL(s.n),
    finalUrl: URL(s.n),
    status: 200,
    allowListed: true,
    fetched: true,
    text: s.text,
  }));

const noDot = (s: string) => s.replace(/\.$/, "");
const other = (l: Lang): Lang => (l === "es" ? "en" : "es");

/** A quotation sentence, attributed in one of the ways drafts attribute quotations. */
function quoteSentence(lang: Lang, words: string, name: string, form: number): string {
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
const reported = (lang: Lang, name: string) =>
  lang === "es" ? `${name} se pronunció sobre la supervisión de la IA.` : `${name} spoke about the oversight of AI.`;

interface Base {
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
      sourceUrls: ADV_SOURCES.map((s) => URL(s.n)),
    };
  };
  return { facts, quote, es: draft("es"), en: draft("en") };
}

const rebody = (d: DraftForCheck) => ({ ...d, body: d.sentences.map((s) => s.text).join(" ") });

/** Changes the first digit of the first figure to one no source states. */
export function bump(text: string): string {
  return text.replace(/\d/, (d) => String((Number(d) + 3) % 10 || 7));
}

type Variant = "scale1000" | "scale1e6" | "decimal" | "unit" | "date";

function kindCases(count: number, make: (i: number) => AdvCase | null): AdvCase[] {
  const out: AdvCase[] = [];
  for (let i = 0; out.length < count && i < count * 6; i++) {
    const c = make(i);
    if (c) out.push(c);
  }
  return out;
}

/** Replaces, in one language, the body sentence of a fact by the attacker's variant of it. */
function variantCase(kind: string, variant: Variant, lang: Lang | "both", count: number): AdvCase[] {
  return kindCases(count, (i) => {
    const b = faithfulBase(i);
    const l: Lang = lang === "both" ? (i % 2 ? "en" : "es") : lang;
    const k = b.facts.findIndex((f, idx) => idx > 1 && f[variant]);
    const fact = b.facts[k];
    if (!fact?.[variant]) return null;
    const d = b[l];
    const sentences = d.sentences.map((s, idx) => (idx === k - 1 ? { ...s, text: fact[variant]?.[l] ?? s.text } : s));
    return {
      name: `${kind}:${fact.id}:${l}:${i}`,
      kind,
      drafts: l === "es" ? [rebody({ ...d, sentences }), b.en] : [b.es, rebody({ ...d, sentences })],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang: l, field: "body" },
    };
  });
}

function fieldCase(kind: string, field: "title" | "summary", lang: Lang, count: number): AdvCase[] {
  return kindCases(count, (i) => {
    const b = faithfulBase(i);
    const d = b[lang];
    const value = d[field] ?? "";
    // Half the time a mechanical digit change, half the time a scale or decimal variant of the same fact.
    const fact = b.facts[field === "title" ? 0 : 1] as AdvFact;
    const variant = (["scale1000", "decimal", "scale1e6"] as const).find((v) => fact[v]);
    const wrong = i % 2 && variant ? (fact[variant]?.[lang] ?? "") : bump(value);
    const changed = field === "title" ? noDot(wrong) : wrong;
    if (!/\d/.test(value) || changed === value) return null;
    const drafts = lang === "es" ? [{ ...d, [field]: changed }, b.en] : [b.es, { ...d, [field]: changed }];
    return {
      name: `${kind}:${fact.id}:${i}`,
      kind,
      drafts,
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang, field },
    };
  });
}

export function buildAdversarial(): { faithful: AdvCase[]; attacks: AdvCase[] } {
  const faithful: AdvCase[] = [];
  for (let i = 0; i < 2 * ADV_FACTS.length + 12; i++) {
    const b = faithfulBase(i);
    faithful.push({ name: `faithful:${i}`, kind: null, drafts: [b.es, b.en], sources: advSources(), expect: null });
  }
  const attacks: AdvCase[] = [
    ...fieldCase("title_figure_es", "title", "es", 8),
    ...fieldCase("title_figure_en", "title", "en", 8),
    ...fieldCase("summary_figure_es", "summary", "es", 8),
    ...fieldCase("summary_figure_en", "summary", "en", 8),
    ...variantCase("scale_x1000_es", "scale1000", "es", 8),
    ...variantCase("scale_x1000_en", "scale1000", "en", 8),
    ...variantCase("scale_x1e6_es", "scale1e6", "es", 6),
    ...variantCase("scale_x1e6_en", "scale1e6", "en", 6),
    ...variantCase("decimal_es", "decimal", "es", 8),
    ...variantCase("decimal_en", "decimal", "en", 8),
    ...variantCase("unit_mismatch", "unit", "both", 10),
    ...variantCase("wrong_date", "date", "both", 8),
    ...attackCases(),
  ];
  return { faithful, attacks };
}

/** Quotations, ties and sources: the attacks that are not a changed figure. */
function attackCases(): AdvCase[] {
  const withSentence = (b: Base, lang: Lang, s: TiedSentence, extra: SourceForCheck[] = []) => {
    const urls = [...b.es.sourceUrls, ...extra.map((x) => x.url)];
    const d = rebody({ ...b[lang], sentences: [...b[lang].sentences, s], sourceUrls: urls });
    const o = { ...b[other(lang)], sourceUrls: urls };
    return { drafts: lang === "es" ? [d, o] : [o, d], sources: [...advSources(), ...extra] };
  };
  const wrongSpeaker = kindCases(12, (i) => {
    const q = ADV_QUOTES[i % ADV_QUOTES.length] as (typeof ADV_QUOTES)[number];
    const b = faithfulBase(i + 1);
    const text = quoteSentence(q.lang, q.words, q.wrong, i);
    return {
      name: `wrong_speaker:${q.lang}:${i}`,
      kind: "wrong_speaker",
      ...withSentence(b, q.lang, { text, sources: [q.n] }),
      expect: { checks: ["quote_misattributed"], lang: q.lang },
    };
  });
  const translationOnly = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const s = b.en.sentences[0] as TiedSentence;
    const sentences = [{ ...s, text: bump(s.text) }, ...b.en.sentences.slice(1)];
    const field = i % 3 === 2 ? "title" : "body";
    const en = field === "title" ? { ...b.en, title: bump(b.en.title ?? "") } : rebody({ ...b.en, sentences });
    return {
      name: `translation_only:${field}:${i}`,
      kind: "translation_only",
      drafts: [b.es, en],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang: "en", field },
    };
  });
  const untied = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    // A fact and a quotation the faithful body does not already state (its tied copy would lend its tie).
    const q = ADV_QUOTES.find((x) => x.lang === lang && x !== b.quote) as (typeof ADV_QUOTES)[number];
    const fact = ADV_FACTS[(i + 5) % ADV_FACTS.length] as AdvFact;
    const text = i % 4 < 2 ? fact[lang] : quoteSentence(lang, q.words, q.speaker, i);
    return {
      name: `untied_claim:${lang}:${i}`,
      kind: "untied_claim",
      ...withSentence(b, lang, { text, sources: [] }),
      expect: { checks: ["untied_claim"], lang },
    };
  });
  const wrongTie = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const s = b[lang].sentences[0] as TiedSentence;
    const n = ((s.sources[0] ?? 1) % 5) + 1;
    const d = rebody({ ...b[lang], sentences: [{ ...s, sources: [n] }, ...b[lang].sentences.slice(1)] });
    return {
      name: `wrong_source_tie:${lang}:${i}`,
      kind: "wrong_source_tie",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang },
    };
  });
  const titleQuote = kindCases(8, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const title =
      lang === "es"
        ? `${b.quote.speaker}: «Ninguna empresa pagará multas este año»`
        : `${b.quote.speaker}: “No company will be fined this year”`;
    const d = { ...b[lang], title };
    return {
      name: `title_invented_quote:${lang}:${i}`,
      kind: "title_invented_quote",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["quote_not_found"], lang, field: "title" },
    };
  });
  // Known limit (docs/grounding.md): a headline whose one figure is another fact's figure, in the same sources.
  const coincident = kindCases(4, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const title =
      lang === "es"
        ? "El Reino Unido destina el 37,5 % de su presupuesto de IA a su oficina"
        : "The UK puts 42.7% of its AI budget into the AI Office";
    const d = { ...b[lang], title };
    return {
      name: `title_coincident_figure:${lang}:${i}`,
      kind: "title_coincident_figure",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang, field: "title" },
    };
  });
  const unread = (kind: string, extra: Omit<SourceForCheck, "n" | "text">, checks: CheckKind[]) =>
    kindCases(6, (i) => {
      const b = faithfulBase(i);
      const lang: Lang = i % 2 ? "en" : "es";
      const text =
        lang === "es" ? "La página oficial eleva la cifra a 9.100 millones." : "The page puts it at 9.1 billion.";
      return {
        name: `${kind}:${lang}:${i}`,
        kind,
        ...withSentence(b, lang, { text, sources: [6] }, [{ n: 6, text: "", ...extra }]),
        // A source's own finding is about the source, in whichever language the report lists it.
        expect: { checks },
      };
    });
  // A large official page read only up to the size cap: the figure the draft cites stands past the cut.
  const truncatedSource = kindCases(6, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const text =
      lang === "es"
        ? "El anexo XIV del texto consolidado enumera 777 usos adicionales de alto riesgo."
        : "Annex XIV of the consolidated text lists 777 additional high-risk uses.";
    const cut: SourceForCheck = { ...LARGE_READ_PART, n: 6 };
    return {
      name: `truncated_source:${lang}:${i}`,
      kind: "truncated_source",
      ...withSentence(b, lang, { text, sources: [6] }, [cut]),
      expect: { checks: ["figure_not_found"], lang, detail: /read only in part.*truncated/ },
    };
  });
  return [
    ...wrongSpeaker,
    ...translationOnly,
    ...untied,
    ...wrongTie,
    ...titleQuote,
    ...coincident,
    ...unread("source_unreachable", { url: URL(6), finalUrl: URL(6), status: 404, allowListed: true, fetched: false }, [
      "source_status",
      "source_not_fetched",
    ]),
    ...truncatedSource,
    ...unread(
      "redirect_off_list",
      { url: URL(6), finalUrl: "https://blog.example.com/ai.html", status: 200, allowListed: false, fetched: false },
      ["source_off_list"],
    ),
  ];
}
