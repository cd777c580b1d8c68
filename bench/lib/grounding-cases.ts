import { readFileSync } from "node:fs";
import path from "node:path";
import { extractFigures, sourceFigureKeys } from "~/features/grounding/verification/figures.ts";
import { extractQuotes } from "~/features/grounding/verification/quotes.ts";
import type { TiedSentence } from "~/features/grounding/verification/types.ts";
import { SOURCES_DIR } from "../../tests/support/fixture-sources.ts";

export interface CorpusPage {
  path: string;
  lang: "es" | "en";
  topic: string;
  title: string;
}
export interface Corpus {
  pages: CorpusPage[];
  facts: Record<string, { es: string; en: string }[]>;
}
export const corpus = JSON.parse(readFileSync(path.join(SOURCES_DIR, "corpus.json"), "utf8")) as Corpus;

export type Fabrication =
  | "invented_quote"
  | "altered_quote"
  | "wrong_number"
  | "wrong_date"
  | "source_404"
  | "off_list_source"
  | "wrong_source_tie"
  | "translation_only";

/** A scripted draft: what the fake model answers for the draft and for its translation. */
export interface Case {
  name: string;
  fabrication: Fabrication | null;
  /** Source URLs in their citation order (n = index + 1). */
  urls: string[];
  es: TiedSentence[];
  en: TiedSentence[];
}

export interface UrlPlan {
  pageUrl: (page: CorpusPage) => string;
  missingUrl: string;
  offListUrl: string;
}

const topics = () => [...new Set(corpus.pages.map((p) => p.topic))];
const pagesOf = (topic: string) => corpus.pages.filter((p) => p.topic === topic);

/** A faithful draft over some topics: each fact tied to its topic's pages. */
function faithful(name: string, chosen: string[], plan: UrlPlan): Case {
  const urls: string[] = [];
  const es: TiedSentence[] = [];
  const en: TiedSentence[] = [];
  for (const topic of chosen) {
    const ns = pagesOf(topic).map((p) => urls.push(plan.pageUrl(p)));
    for (const fact of corpus.facts[topic] ?? []) {
      es.push({ text: fact.es, sources: ns });
      en.push({ text: fact.en, sources: ns });
    }
  }
  return { name, fabrication: null, urls, es, en };
}

/** The figure of a sentence a fabrication alters: a number/percentage, or a date. */
function figureOf(sentence: string, kind: "number" | "date") {
  return extractFigures(sentence.replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, " ")).find((f) =>
    kind === "date"
      ? f.keys.some((k) => /^(date|month):/.test(k))
      : f.keys.every((k) => /^(num|pct):/.test(k)) && !/^(19|20)\d\d$/.test(f.raw),
  );
}

/** Changes a figure's first digit (or a date's year) to a value the sources do not state. */
function alterFigure(sentence: string, kind: "number" | "date", sourceKeys: Set<string>): string | null {
  const figure = figureOf(sentence, kind);
  if (!figure) return null;
  for (let bump = 1; bump < 9; bump++) {
    const altered =
      kind === "date"
        ? figure.raw.replace(/\d{4}/, (y) => String(Number(y) + bump))
        : figure.raw.replace(/\d/, (d) => String((Number(d) + bump) % 10 || 1));
    const keys = extractFigures(altered).flatMap((f) => f.keys);
    if (altered !== figure.raw && !keys.some((k) => sourceKeys.has(k))) return sentence.replace(figure.raw, altered);
  }
  return null;
}

function alterQuote(sentence: string): string | null {
  const quote = extractQuotes(sentence)[0];
  if (!quote) return null;
  const words = quote.split(" ");
  const i = words.findIndex((w, idx) => idx > 0 && w.length > 4);
  if (i < 0) return null;
  words[i] = /[áéíóúñ]|\b(la|el|de)\b/.test(quote) ? "siempre" : "always";
  return sentence.replace(quote, words.join(" "));
}

/** Builds the cases: faithful drafts (one and two topics) and the fabrications injected into them. */
export function buildCases(
  plan: UrlPlan,
  sourceText: (url: string) => string,
): { faithful: Case[]; fabricated: Case[] } {
  const all = topics();
  const faithfulCases = [
    ...all.map((t) => faithful(`faithful:${t}`, [t], plan)),
    ...all.map((t, i) =>
      faithful(`faithful:${t}+${all[(i + 1) % all.length]}`, [t, all[(i + 1) % all.length] ?? t], plan),
    ),
  ];
  const fabricated: Case[] = [];
  const keysOf = (c: Case) => {
    const keys = new Set<string>();
    for (const url of c.urls) for (const k of sourceFigureKeys(sourceText(url))) keys.add(k);
    return keys;
  };
  const mutate = (base: Case, fabrication: Fabrication, change: (c: Case) => boolean) => {
    const c: Case = structuredClone({ ...base, name: `${fabrication}:${base.name.slice(9)}`, fabrication });
    if (change(c)) fabricated.push(c);
  };
  const firstWhere = (list: TiedSentence[], edit: (s: string) => string | null) => {
    for (const s of list) {
      const edited = edit(s.text);
      if (edited && edited !== s.text) {
        s.text = edited;
        return true;
      }
    }
    return false;
  };
  for (const [i, base] of faithfulCases.slice(0, all.length).entries()) {
    const keys = keysOf(base);
    mutate(base, "invented_quote", (c) => {
      c.es.push({
        text: "Un portavoz añadió: «No habrá ninguna prórroga para las empresas tecnológicas».",
        sources: [1],
      });
      c.en.push({ text: "A spokesperson added: “There will be no extension for technology companies”.", sources: [1] });
      return true;
    });
    mutate(base, "altered_quote", (c) => firstWhere(c.es, alterQuote) && firstWhere(c.en, alterQuote));
    mutate(base, "wrong_number", (c) => firstWhere(c.es, (s) => alterFigure(s, "number", keys)));
    mutate(base, "wrong_date", (c) => firstWhere(c.es, (s) => alterFigure(s, "date", keys)));
    mutate(base, "translation_only", (c) => firstWhere(c.en, (s) => alterFigure(s, "number", keys)));
    mutate(base, "source_404", (c) => {
      const n = c.urls.push(plan.missingUrl);
      c.es.push({ text: "La página oficial amplía estos datos para 2026.", sources: [n] });
      return true;
    });
    mutate(base, "off_list_source", (c) => {
      const n = c.urls.push(plan.offListUrl);
      c.en.push({ text: "A blog estimates that 90% of companies are not ready.", sources: [n] });
      return true;
    });
    // Two topics: a fact of the first topic tied only to the second topic's sources.
    const pair = faithfulCases[all.length + i];
    if (pair) {
      const firstTopicSources = pagesOf(all[i] ?? "").length;
      mutate(pair, "wrong_source_tie", (c) => {
        const target = c.es.find((s) => figureOf(s.text, "number") || extractQuotes(s.text).length);
        if (!target) return false;
        target.sources = target.sources.map((n) => n + firstTopicSources).filter((n) => n <= c.urls.length);
        return target.sources.length > 0;
      });
    }
  }
  return { faithful: faithfulCases, fabricated };
}

/** Expected findings per fabrication: the draft is caught when one of these shows (in that language). */
export const EXPECTED: Record<Fabrication, { checks: string[]; lang?: "es" | "en" }> = {
  invented_quote: { checks: ["quote_not_found"] },
  altered_quote: { checks: ["quote_not_found"] },
  wrong_number: { checks: ["figure_not_found"], lang: "es" },
  wrong_date: { checks: ["figure_not_found"], lang: "es" },
  translation_only: { checks: ["figure_not_found"], lang: "en" },
  source_404: { checks: ["source_status", "source_not_fetched", "tie_unknown_source"] },
  off_list_source: { checks: ["source_off_list", "tie_unknown_source"] },
  wrong_source_tie: { checks: ["figure_not_found", "quote_not_found"], lang: "es" },
};

/** Markdown body of tied sentences, in paragraphs of three, as the model writes it. */
export function bodyOf(title: string, sentences: TiedSentence[]): string {
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 3)
    paragraphs.push(
      sentences
        .slice(i, i + 3)
        .map((s) => s.text)
        .join(" "),
    );
  return `## ${title}\n\n${paragraphs.join("\n\n")}`;
}
