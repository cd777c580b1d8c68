import type { Lang } from "./types.ts";

/**
 * The values a written number has in the language of its text. Spanish groups thousands with "." (or a space)
 * and writes decimals with ","; English the other way round. Only one form is read both ways: in Spanish,
 * a single "," followed by exactly three digits ("2,400"), which Spain reads as a decimal and many Spanish texts
 * copied from English or from the Americas write as a thousand; docs/grounding.md lists the rules.
 */
export function numberValues(raw: string, lang: Lang): number[] {
  const text = raw.replace(/[\u00a0\u202f ]/g, " ").trim();
  const group = lang === "es" ? "." : ",";
  const decimal = lang === "es" ? "," : ".";
  // Thousands grouped by a space: the same in both languages (the SI style official texts use).
  if (/^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/.test(text)) return [toNumber(text.replace(/ /g, ""), /[.,]/)];
  const own = new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+(?:\\${decimal}\\d+)?$`);
  if (own.test(text)) return [toNumber(text.split(group).join(""), decimal)];
  // "7,5" in Spanish, "7.5" in English; with exactly three digits after a Spanish "," the thousand reading too.
  const plainDecimal = new RegExp(`^\\d+(?:\\${decimal}\\d+)?$`);
  if (plainDecimal.test(text)) {
    const value = toNumber(text, decimal);
    if (lang === "es" && /^[1-9]\d{0,2},\d{3}$/.test(text)) return [value, Number(text.replace(",", ""))];
    return [value];
  }
  // The other language's format inside this text: read as the other language writes it ("2.5" in a Spanish
  // text is two and a half; "1.742" in an English one is one point seven four two, as its reader reads it).
  const foreignDecimal = new RegExp(`^\\d+\\${group}\\d+$`);
  if (foreignDecimal.test(text) && !(lang === "es" && /^\d{1,3}\.\d{3}$/.test(text))) return [toNumber(text, group)];
  const foreignGrouped = new RegExp(`^\\d{1,3}(?:\\${decimal}\\d{3})+(?:\\${group}\\d+)?$`);
  if (foreignGrouped.test(text)) return [toNumber(text.split(decimal).join(""), group)];
  return [];
}

function toNumber(text: string, decimal: string | RegExp): number {
  return Number(text.replace(decimal, "."));
}

const ES_WORDS = new Set("el la los las de del que y en por para con una un se su al es lo como más según".split(" "));
const EN_WORDS = new Set("the of and to in is that for with by will on as are be it from this has its at".split(" "));

/** The language of a text by its commonest words: enough to read a source's numbers in its own language. */
export function detectLang(text: string): Lang {
  let es = 0;
  let en = 0;
  const sample = text.length > 20000 ? text.slice(0, 20000) : text;
  for (const w of sample.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (ES_WORDS.has(w)) es++;
    else if (EN_WORDS.has(w)) en++;
  }
  return en > es ? "en" : "es";
}
