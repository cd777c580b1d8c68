/**
 * Figures a text states, each read in the language of its text with its kind, value and unit in one key:
 * "2,4 millones de euros" (es) and "€2.4 million" (en) give amt:EUR:2400000; "10 %" pct:10; "6 puntos
 * porcentuales" pp:6; "crece un 6 %" / "rose 6%" chg:6; "2 de agosto de 2026" and "02/08/2026" date:2026-08-02;
 * a bare 2026 year:2026; "artículo 5.1.c)" / "Article 5(1)(c)" art:5.1.c; "entre 3 y 5 millones"
 * range:3000000-5000000; "60 días" dur:60:day; a plain count num:N. List numbering ("1. ", "a) ") and
 * footnote markers ("[3]", "¹") are not figures. A figure holds when a fact of the same key is stated.
 */

import type { FigureKind } from "../facts/types.ts";
import { CURRENCY_PREFIX, CURRENCY_SUFFIX, currencyOf, SCALE, scaleOf } from "./amounts.ts";
import { DATE_PATTERNS, dateParts } from "./dates.ts";
import { detectLang, numberValues } from "./numbers.ts";
import type { Lang } from "./types.ts";

export type { FigureKind };

export interface Figure {
  raw: string;
  kind: FigureKind;
  /** Every reading of the written figure (an ambiguous "2,400" has two); the first is the usual one. */
  keys: string[];
  /** Where it starts in the text it was read from. */
  at: number;
}

const NUM = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const NOT_AFTER = String.raw`(?<![\p{L}\p{N}][-/]?|[\p{L}\p{N}.,])`;
const NOT_BEFORE = String.raw`(?![\p{L}\p{N}]|[.,]\d)`;
const PCT = String.raw`\s*(?:%|por\s+ciento|per\s*cent|percent)`;
// A percentage straight after one of these words is a change ("crece un 6 %", "rose 43%", "up 6%"), not a level
// ("hasta el 19,5 %", "rose to 19.5%": the preposition stands between).
const CHANGE = String.raw`(?:crec\p{L}*|aument\p{L}*|sub(?:e|en|ió|ieron|ido|ida)|increment\p{L}*|alza|repunt\p{L}*|ca(?:e|en|yó|yeron|ída)|baj(?:a|an|ó|aron|ada)|disminu\p{L}*|descen\p{L}*|reduc\p{L}*|retroce\p{L}*|grow\p{L}*|grew|ris(?:e|es|en|ing)|rose|increas\p{L}*|jump\p{L}*|climb\p{L}*|fell|fall\p{L}*|declin\p{L}*|decreas\p{L}*|drop\p{L}*|up|down|growth|gain\p{L}*|surg\p{L}*|soar\p{L}*|plung\p{L}*)`;
const CHANGE_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])${CHANGE}\s+(?:(?:un|una|el|del|en|de|by|of|an|a|around|about|nearly|almost|some|casi|cerca|alrededor)\s+){0,3}[+-]?$`,
  "iu",
);
const CHANGE_AFTER =
  /^\s*(?:más|menos|more|less|higher|lower|up|down|de\s+(?:aumento|subida|caída|crecimiento)|increase|decrease|rise|drop)\b/iu;
const UNITS: Record<string, string> = {
  día: "day",
  días: "day",
  dia: "day",
  dias: "day",
  day: "day",
  days: "day",
  semana: "week",
  semanas: "week",
  week: "week",
  weeks: "week",
  mes: "month",
  meses: "month",
  month: "month",
  months: "month",
  hora: "hour",
  horas: "hour",
  hour: "hour",
  hours: "hour",
  minuto: "minute",
  minutos: "minute",
  minute: "minute",
  minutes: "minute",
  año: "year",
  años: "year",
  year: "year",
  years: "year",
};
const UNIT = Object.keys(UNITS).join("|");
const ART_NUM = String.raw`\d+(?:\s*(?:bis|ter))?(?:\.\d+)*(?:\.?\s?[a-z]\))?(?:\s?\(\d+\))*(?:\s?\([a-z]\))?`;

const round = (v: number) => Number(v.toPrecision(12));

/** "5.1.c)", "5(1)(c)", "5.1 c)" → "5.1.c". */
const articleKey = (raw: string) =>
  `art:${raw
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/\((\w+)\)/g, ".$1")
    .replace(/\)/g, "")
    .replace(/\.+/g, ".")
    .replace(/^\.|\.$/g, "")}`;

type Pattern = {
  re: RegExp;
  kind: FigureKind | ((m: RegExpExecArray, text: string) => FigureKind);
  keys: (m: RegExpExecArray, lang: Lang) => string[];
};

const scaled = (number: string, scaleWord: string | undefined, currency: string | undefined, lang: Lang) => {
  const scale = scaleOf(scaleWord, !!currency) ?? 1;
  return numberValues(number, lang).map((v) => round(v * scale));
};

const PATTERNS: Pattern[] = [
  ...DATE_PATTERNS.map((p) => ({
    re: p.re,
    kind: (m: RegExpExecArray) => (p.keys(m)[0]?.split(":")[0] ?? "date") as FigureKind,
    keys: (m: RegExpExecArray) => p.keys(m),
  })),
  {
    // apartado 3 del artículo 7 · letra b) del apartado 2 del artículo 4 · paragraph 2 of Article 4: 7.3, 4.2.b
    re: /\b(?:(?:la\s+)?letra\s+([a-z])\)?\s+del?\s+)?(?:apartado|p[áa]rrafo|paragraph|section|secci[óo]n)\s+(\d+)\s+(?:del|de\s+la|of)\s+(?:the\s+)?(?:art[íi]culo|article|art\.)\s*(\d+)/giu,
    kind: "article",
    keys: (m) => [articleKey([m[3], m[2], m[1]].filter(Boolean).join("."))],
  },
  {
    // artículo 5 · art. 5.1.c) · Article 5(1)(c) · artículos 5.1.c), 9 y 35
    re: new RegExp(
      String.raw`\b(?:art[íi]culos?|articles?|arts?\.)\s*(${ART_NUM})((?:\s*(?:,|y|e|and|&)\s*${ART_NUM})*)`,
      "giu",
    ),
    kind: "article",
    keys: (m) => {
      const list = (m[2] ?? "").split(/\s*(?:,|\by\b|\be\b|\band\b|&)\s*/u).filter((s) => /\d/.test(s));
      return [m[1] ?? "", ...list].map(articleKey);
    },
  },
  {
    // entre 3 y 5 millones · between 3 and 5 million · entre el 10 % y el 12 %
    re: new RegExp(
      String.raw`\b(?:entre|between)\s+(?:el\s+)?(${NUM})(?:\s*%)?\s+(?:y|and)\s+(?:el\s+)?(${NUM})(?:\s*${SCALE}(?!\p{L}))?(\s*%)?${CURRENCY_SUFFIX}?`,
      "giu",
    ),
    kind: "range",
    keys: (m, lang) => {
      const currency = currencyOf(m[5]);
      const lo = scaled(m[1] ?? "", m[3], currency, lang)[0];
      const hi = scaled(m[2] ?? "", m[3], currency, lang)[0];
      return lo === undefined || hi === undefined ? [] : [`range:${m[4] ? "pct:" : ""}${lo}-${hi}`];
    },
  },
  {
    // 6 puntos porcentuales · 6 percentage points · 6 pp · 6 p.p.
    re: new RegExp(
      String.raw`${NOT_AFTER}[+-]?(${NUM})\s*(?:puntos?(?:\s+porcentuales?)?|percentage[\s-]points?|points?|p\.\s?p\.|pp(?!\p{L}))`,
      "giu",
    ),
    kind: "percentage_points",
    keys: (m, lang) => numberValues(m[1] ?? "", lang).map((v) => `pp:${round(v)}`),
  },
  {
    // 10 % · 7,5 por ciento · 10 percent; a change when a word of change stands right before or after it
    re: new RegExp(`${NOT_AFTER}([+-]?)(${NUM})${PCT}`, "giu"),
    kind: (m, text) => changeOrLevel(m, text),
    keys: () => [],
  },
  {
    // 60 días · 30 días hábiles · 9 hours · a 60-day period
    re: new RegExp(String.raw`${NOT_AFTER}(${NUM})[\s-](${UNIT})(?!\p{L})`, "giu"),
    kind: "duration",
    keys: (m, lang) => {
      const unit = UNITS[(m[2] ?? "").toLowerCase()];
      return unit ? numberValues(m[1] ?? "", lang).map((v) => `dur:${round(v)}:${unit}`) : [];
    },
  },
  {
    // 35.000.000 · 35 millones · €35 million · £2.4bn · 2,4 M€ · 1,5 mil millones de euros · 2026
    re: new RegExp(
      String.raw`${NOT_AFTER}${CURRENCY_PREFIX}?(${NUM})(?:\s*${SCALE}(?!\p{L}))?${CURRENCY_SUFFIX}?${NOT_BEFORE}`,
      "giu",
    ),
    kind: (m) => ((currencyOf(m[1]) ?? currencyOf(m[4])) ? "amount" : isYear(m) ? "year" : "count"),
    keys: (m, lang) => {
      const [, prefix, number = "", scaleWord, suffix] = m;
      const currency = currencyOf(prefix) ?? currencyOf(suffix);
      if (isYear(m)) return [`year:${Number(number)}`];
      return scaled(number, scaleWord, currency, lang).map((v) => (currency ? `amt:${currency}:${v}` : `num:${v}`));
    },
  },
];

function isYear(m: RegExpExecArray): boolean {
  const [, prefix, number = "", scaleWord, suffix] = m;
  if (prefix || suffix || scaleWord) return false;
  return /^\d{4}$/.test(number) && Number(number) >= 1900 && Number(number) <= 2100;
}

function changeOrLevel(m: RegExpExecArray, text: string): FigureKind {
  if (m[1]) return "relative_change";
  const before = text.slice(Math.max(0, m.index - 60), m.index);
  const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
  return CHANGE_BEFORE.test(before) || CHANGE_AFTER.test(after) ? "relative_change" : "percent";
}

/** "1. Texto" and "a) texto" at a line's start, "[3]" anywhere: numbering and footnotes, not figures. */
const NUMBERING = /(^|\n)[^\S\n]*(?:\d{1,3}|[a-z])[.)][^\S\n]+|\[\d{1,3}\]/gu;

/** Every figure in a text, longest reading first; the spans a wider pattern took are not read again. */
export function extractFigures(text: string, lang: Lang = detectLang(text)): Figure[] {
  const taken: [number, number][] = [];
  for (const m of text.matchAll(NUMBERING)) taken.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  const found: Figure[] = [];
  for (const { re, kind, keys } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const k = typeof kind === "function" ? kind(m, text) : kind;
      const figureKeys =
        k === "percent" || k === "relative_change"
          ? numberValues(m[2] ?? "", lang).map((v) => `${k === "percent" ? "pct" : "chg"}:${round(v)}`)
          : keys(m, lang);
      if (!figureKeys.length) continue;
      taken.push([start, end]);
      found.push({ raw: m[0].trim(), kind: k, keys: figureKeys, at: start });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * What a stated figure also supports: a full date its month, day and year; "art:5.1.c" articles 5 and 5.1; a
 * relative change a percentage ("rose 43%" supports "43 %", never "43 puntos"); a duration its count.
 */
export function supportedKeys(key: string): string[] {
  const out = [key, ...dateParts(key)];
  const art = /^art:(.+)$/.exec(key);
  if (art) {
    const parts = (art[1] ?? "").split(".");
    for (let i = 1; i < parts.length; i++) out.push(`art:${parts.slice(0, i).join(".")}`);
  }
  const chg = /^chg:(.+)$/.exec(key);
  if (chg) out.push(`pct:${chg[1]}`);
  const dur = /^dur:([^:]+):/.exec(key);
  if (dur) out.push(`num:${dur[1]}`);
  return out;
}

/** The keys a text supports: its figures' keys and what each also supports. */
export function sourceFigureKeys(text: string, lang: Lang = detectLang(text)): Set<string> {
  const keys = new Set<string>();
  for (const figure of extractFigures(text, lang))
    for (const key of figure.keys) for (const k of supportedKeys(key)) keys.add(k);
  return keys;
}
