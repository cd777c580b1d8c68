/** Dates in Spanish and English wording, as keys that do not depend on the language: date:2026-08-02 etc. */
export const MONTHS: Record<string, number> = {
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

const pad = (n: number) => String(n).padStart(2, "0");

function dateKeys(year?: string, monthText?: string, dayText?: string): string[] {
  const month = /^\d+$/.test(monthText ?? "") ? Number(monthText) : MONTHS[(monthText ?? "").toLowerCase()];
  const day = Number(dayText);
  if (!year || !month || month > 12 || !day || day > 31) return [];
  return [`date:${year}-${pad(month)}-${pad(day)}`];
}

export const DATE_PATTERNS: { re: RegExp; keys: (m: RegExpExecArray) => string[] }[] = [
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
    // 2026-08-02 · 02/08/2026 · 2.8.2026 · 02-08-2026 (day first, as official texts in Europe write it)
    re: /\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})([/.-])(\d{1,2})\5(\d{4})\b/gu,
    keys: (m) => (m[1] ? dateKeys(m[1], m[2], m[3]) : dateKeys(m[7], m[6], m[4])),
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
];

/** The parts of a full date a claim may state alone: its month, its day and its year. */
export function dateParts(key: string): string[] {
  const date = /^date:(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (date) return [`month:${date[1]}-${date[2]}`, `day:${date[2]}-${date[3]}`, `year:${Number(date[1])}`];
  const month = /^month:(\d{4})/.exec(key);
  return month ? [`year:${Number(month[1])}`] : [];
}
