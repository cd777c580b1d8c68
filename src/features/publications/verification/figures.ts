/**
 * Figures a sentence states (numbers, percentages, amounts, dates, article numbers), each turned into keys that
 * do not depend on the language's format: "1.000" and "1,000" both give num:1000, "10 %" and "10%" give pct:10,
 * "2 de agosto de 2026", "2 August 2026" and "August 2, 2026" give date:2026-08-02, "artículo 5" and "Article 5"
 * give art:5. A figure holds when one of its keys is among a source's keys.
 */
export interface Figure {
  raw: string;
  keys: string[];
}

const MONTHS: Record<string, number> = {
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|");
const SCALES: Record<string, number> = {
  mil: 1e3,
  thousand: 1e3,
  millón: 1e6,
  millones: 1e6,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mn: 1e6,
  "mil millones": 1e9,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  billón: 1e12,
  billones: 1e12,
  trillion: 1e12,
};
const SCALE = Object.keys(SCALES)
  .sort((a, b) => b.length - a.length)
  .join("|")
  .replace(/ /g, "\\s+");

const NUM = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const NOT_AFTER = String.raw`(?<![\p{L}\p{N}][-/]?|[\p{L}\p{N}.,])`;
const NOT_BEFORE = String.raw`(?![\p{L}\p{N}]|[.,]\d)`;

const PATTERNS: { re: RegExp; keys: (m: RegExpExecArray) => string[] }[] = [
  {
    // 2 de agosto de 2026 · 2 August 2026 · 2nd of August 2026
    re: new RegExp(
      String.raw`\b(\d{1,2})(?:º|st|nd|rd|th)?\s+(?:de\s+|of\s+)?(${MONTH})\.?,?\s+(?:de\s+|del\s+)?(\d{4})\b`,
      "giu",
    ),
    keys: (m) => dateKeys(m[3], m[2], m[1]),
  },
  {
    // August 2, 2026
    re: new RegExp(String.raw`\b(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, "giu"),
    keys: (m) => dateKeys(m[3], m[1], m[2]),
  },
  {
    // 2026-08-02 · 02/08/2026 (day first, as both languages' official texts in Europe write it)
    re: /\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/gu,
    keys: (m) => (m[1] ? dateKeys(m[1], m[2], m[3]) : dateKeys(m[6], m[5], m[4])),
  },
  {
    // agosto de 2026 · August 2026
    re: new RegExp(String.raw`\b(${MONTH})\.?,?\s+(?:de\s+|del\s+)?(\d{4})\b`, "giu"),
    keys: (m) => {
      const month = MONTHS[(m[1] ?? "").toLowerCase()];
      return month ? [`month:${m[2]}-${pad(month)}`] : [];
    },
  },
  {
    // 2 de agosto · August 2 (no year: the day and month must match)
    re: new RegExp(
      String.raw`\b(\d{1,2})(?:º)?\s+(?:de\s+)?(${MONTH})\b|\b(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b`,
      "giu",
    ),
    keys: (m) => {
      const month = MONTHS[(m[2] ?? m[3] ?? "").toLowerCase()];
      const day = Number(m[1] ?? m[4]);
      return month && day && day <= 31 ? [`day:${pad(month)}-${pad(day)}`] : [];
    },
  },
  {
    // artículo 5 · art. 5 · Article 5(1) · artículos 5 y 6
    re: /\b(?:art[íi]culos?|articles?|arts?\.)\s*(\d+)(?:\s*(?:\(\d+\))*)?((?:\s*(?:,|y|e|and|&)\s*\d+)*)/giu,
    keys: (m) => [m[1], ...(m[2]?.match(/\d+/g) ?? [])].map((n) => `art:${Number(n)}`),
  },
  {
    // 10 % · 10% · 7,5 por ciento · 10 percent
    re: new RegExp(String.raw`${NOT_AFTER}(${NUM})\s*(?:%|por\s+ciento|per\s*cent|percent)`, "giu"),
    keys: (m) => numberValues(m[1] ?? "").map((v) => `pct:${v}`),
  },
  {
    // 35.000.000 · 35 millones · €35 million · 1,5 mil millones · 2026
    re: new RegExp(String.raw`${NOT_AFTER}(${NUM})(?:\s*(${SCALE})\b)?${NOT_BEFORE}`, "giu"),
    keys: (m) => {
      const scale = m[2] ? (SCALES[m[2].toLowerCase().replace(/\s+/g, " ")] ?? 1) : 1;
      return numberValues(m[1] ?? "").map((v) => `num:${round(v * scale)}`);
    },
  },
];

const pad = (n: number) => String(n).padStart(2, "0");
const round = (v: number) => Number(v.toPrecision(12));

function dateKeys(year?: string, monthText?: string, dayText?: string): string[] {
  const month = /^\d+$/.test(monthText ?? "") ? Number(monthText) : MONTHS[(monthText ?? "").toLowerCase()];
  const day = Number(dayText);
  if (!year || !month || month > 12 || !day || day > 31) return [];
  return [`date:${year}-${pad(month)}-${pad(day)}`];
}

/**
 * The values a written number can mean. A single group after one separator is ambiguous across es/en
 * ("1.000" is a thousand in Spanish, "2,500" two thousand five hundred in English, "7,5" and "7.5" are
 * decimals), so such numbers yield both readings; a source then supports the claim in either.
 */
export function numberValues(raw: string): number[] {
  const text = raw.replace(/[\u00a0\u202f ]/g, " ");
  const grouped = /^(\d{1,3}(?:([.,\s])\d{3})+)(?:([.,])(\d+))?$/.exec(text);
  if (!grouped) return [Number(text.replace(",", "."))];
  const [, intText = "", sep = "", decimalSep, decimals] = grouped;
  const hasDecimals = decimalSep !== undefined && decimalSep !== sep;
  const whole = Number(hasDecimals ? `${intText.replace(/[.,\s]/g, "")}.${decimals}` : text.replace(/[.,\s]/g, ""));
  // "1.000" / "2,500": a single group could also be a decimal in the other language.
  const single = !hasDecimals && sep !== " " && (text.match(/[.,]/g) ?? []).length === 1;
  return single ? [whole, Number(text.replace(sep, "."))] : [whole];
}

/** Every figure in a text, longest reading first; the spans a wider pattern took are not read again. */
export function extractFigures(text: string): Figure[] {
  const taken: [number, number][] = [];
  const found: { at: number; figure: Figure }[] = [];
  for (const { re, keys } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const k = keys(m);
      if (!k.length) continue;
      taken.push([start, end]);
      found.push({ at: start, figure: { raw: m[0].trim(), keys: k } });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.figure);
}

/**
 * The keys a source supports: its figures' keys plus the parts a claim may state alone (the year and month of
 * a full date, the plain number behind a percentage).
 */
export function sourceFigureKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const figure of extractFigures(text)) {
    for (const key of figure.keys) {
      keys.add(key);
      const date = /^date:(\d{4})-(\d{2})/.exec(key);
      if (date) {
        keys.add(`month:${date[1]}-${date[2]}`);
        keys.add(`day:${date[2]}-${key.slice(-2)}`);
        keys.add(`num:${Number(date[1])}`);
      }
      const month = /^month:(\d{4})/.exec(key);
      if (month) keys.add(`num:${Number(month[1])}`);
      if (key.startsWith("pct:")) keys.add(`num:${key.slice(4)}`);
      if (key.startsWith("art:")) keys.add(`num:${key.slice(4)}`);
    }
  }
  return keys;
}
