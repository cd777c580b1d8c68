/**
 * Figures a sentence states (numbers, percentages, amounts, years, dates, article numbers), each read in the
 * language of its text and turned into keys that carry value and unit: "2,4 millones de euros" (es) and
 * "€2.4 million" (en) give amt:EUR:2400000, "10 %" pct:10, a bare 2026 year:2026, "2 de agosto de 2026"
 * date:2026-08-02, "artículo 5" art:5, a plain count num:N. A figure holds when one of its keys is among a
 * source's keys: value and unit must both agree.
 */
import { CURRENCY_PREFIX, CURRENCY_SUFFIX, currencyOf, SCALE, scaleOf } from "./amounts.ts";
import { DATE_PATTERNS, dateParts } from "./dates.ts";
import { detectLang, numberValues } from "./numbers.ts";
import type { Lang } from "./types.ts";

export interface Figure {
  raw: string;
  keys: string[];
}

const NUM = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const NOT_AFTER = String.raw`(?<![\p{L}\p{N}][-/]?|[\p{L}\p{N}.,])`;
const NOT_BEFORE = String.raw`(?![\p{L}\p{N}]|[.,]\d)`;

const round = (v: number) => Number(v.toPrecision(12));

type Pattern = { re: RegExp; keys: (m: RegExpExecArray, lang: Lang) => string[] };

const PATTERNS: Pattern[] = [
  ...DATE_PATTERNS.map((p) => ({ re: p.re, keys: (m: RegExpExecArray) => p.keys(m) })),
  {
    // artículo 5 · art. 5 · Article 5(1) · artículos 5 y 6
    re: /\b(?:art[íi]culos?|articles?|arts?\.)\s*(\d+)(?:\s*(?:\(\d+\))*)?((?:\s*(?:,|y|e|and|&)\s*\d+)*)/giu,
    keys: (m) => [m[1], ...(m[2]?.match(/\d+/g) ?? [])].map((n) => `art:${Number(n)}`),
  },
  {
    // 10 % · 10% · 7,5 por ciento · 10 percent
    re: new RegExp(String.raw`${NOT_AFTER}(${NUM})\s*(?:%|por\s+ciento|per\s*cent|percent)`, "giu"),
    keys: (m, lang) => numberValues(m[1] ?? "", lang).map((v) => `pct:${round(v)}`),
  },
  {
    // 35.000.000 · 35 millones · €35 million · £2.4bn · 2,4 M€ · 1,5 mil millones de euros · 2026
    re: new RegExp(
      String.raw`${NOT_AFTER}${CURRENCY_PREFIX}?(${NUM})(?:\s*${SCALE}(?!\p{L}))?${CURRENCY_SUFFIX}?${NOT_BEFORE}`,
      "giu",
    ),
    keys: (m, lang) => {
      const [, prefix, number = "", scaleWord, suffix] = m;
      const currency = currencyOf(prefix) ?? currencyOf(suffix);
      const scale = scaleOf(scaleWord, !!currency) ?? 1;
      const values = numberValues(number, lang);
      if (!currency && scale === 1 && /^\d{4}$/.test(number) && Number(number) >= 1900 && Number(number) <= 2100)
        return [`year:${Number(number)}`];
      return values.map((v) => (currency ? `amt:${currency}:${round(v * scale)}` : `num:${round(v * scale)}`));
    },
  },
];

/** Every figure in a text, longest reading first; the spans a wider pattern took are not read again. */
export function extractFigures(text: string, lang: Lang = detectLang(text)): Figure[] {
  const taken: [number, number][] = [];
  const found: { at: number; figure: Figure }[] = [];
  for (const { re, keys } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const k = keys(m, lang);
      if (!k.length) continue;
      taken.push([start, end]);
      found.push({ at: start, figure: { raw: m[0].trim(), keys: k } });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.figure);
}

/** The keys a source supports: its figures' keys plus the parts of a date a claim may state alone. */
export function sourceFigureKeys(text: string, lang: Lang = detectLang(text)): Set<string> {
  const keys = new Set<string>();
  for (const figure of extractFigures(text, lang))
    for (const key of figure.keys) {
      keys.add(key);
      for (const part of dateParts(key)) keys.add(part);
    }
  return keys;
}
