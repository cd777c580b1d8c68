/**
 * Scale words and currencies: what turns "2,4 millones de euros" into amt:EUR:2400000 and "€2.4bn" into
 * amt:EUR:2400000000. Abbreviated scales (m, bn, k, M) count only next to a currency, where they cannot be a
 * unit of length or a letter.
 */
export const SCALE_WORDS: Record<string, number> = {
  mil: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  millón: 1e6,
  millon: 1e6,
  millones: 1e6,
  "mill.": 1e6,
  million: 1e6,
  millions: 1e6,
  "mil millones": 1e9,
  millardo: 1e9,
  millardos: 1e9,
  billion: 1e9,
  billions: 1e9,
  billón: 1e12,
  billones: 1e12,
  trillion: 1e12,
  trillions: 1e12,
};
export const SCALE_ABBREVIATIONS: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, bn: 1e9, tn: 1e12 };

const CURRENCY_WORDS: Record<string, string> = {
  "€": "EUR",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  "£": "GBP",
  gbp: "GBP",
  libra: "GBP",
  libras: "GBP",
  "libras esterlinas": "GBP",
  pound: "GBP",
  pounds: "GBP",
  $: "USD",
  us$: "USD",
  usd: "USD",
  dólar: "USD",
  dólares: "USD",
  dollar: "USD",
  dollars: "USD",
};

const alternation = (words: string[]) =>
  words
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.$]/g, "\\$&").replace(/ /g, "\\s+"))
    .join("|");

export const CURRENCY_PREFIX = String.raw`(?:(€|£|US\$|\$|EUR|GBP|USD)\s?)`;
export const SCALE = `(${alternation([...Object.keys(SCALE_WORDS), ...Object.keys(SCALE_ABBREVIATIONS)])})`;
export const CURRENCY_SUFFIX = `(?:\\s*(?:de\\s+)?(${alternation(Object.keys(CURRENCY_WORDS))}))`;

export const currencyOf = (word: string | undefined) =>
  word ? CURRENCY_WORDS[word.toLowerCase().replace(/\s+/g, " ")] : undefined;

/** The multiplier of a scale word; an abbreviation only when a currency is stated. */
export function scaleOf(word: string | undefined, hasCurrency: boolean): number | null {
  if (!word) return 1;
  const w = word.toLowerCase().replace(/\s+/g, " ");
  const full = SCALE_WORDS[w];
  if (full) return full;
  return hasCurrency ? (SCALE_ABBREVIATIONS[w] ?? null) : null;
}
