/**
 * Who a quotation is attributed to, in a draft and in a source: "«…», dijo X", "X afirmó: «…»", "según X, «…»",
 * "“…,” said X", "According to X, “…”", "X: «…»" (headlines). The name is the run of capitalised words the
 * pattern points at; its last word (the surname) is what must match.
 */
import type { IndexedSource } from "./passages.ts";

const VERB =
  "(?:dijo|dice|afirmó|afirma|señaló|señala|añadió|añade|aseguró|asegura|explicó|explica|declaró|declara|subrayó|advirtió|advierte|indicó|sostuvo|recalcó|manifestó|destacó|apuntó|defendió|insistió|reconoció|concluyó|comentó|precisó|admitió|sentenció|said|says|added|adds|warned|warns|noted|notes|stated|states|explained|told|stressed|argued|insisted|declared|commented|remarked|acknowledged|wrote|announced|concluded|emphasi[sz]ed)";
const NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:de|del|la|las|los|y|van|von|der|da|di|le)\s+)*\p{Lu}[\p{L}'’.-]*)*`;
const DETERMINERS = /^(?:(?:la|el|los|las|the|según|according|to|dr|dra|sr|sra|mr|mrs|ms)\.?(?:\s+|$))+/iu;
// A run made only of these is a role ("The Executive Vice-President"), not a name to look for.
const ROLES = new Set(
  "executive vice-president president vicepresident director director-general directora directorgeneral general minister ministra ministro secretary secretaria secretario state estado commissioner comisario comisaria chair chief spokesperson portavoz presidente presidenta vicepresidente vicepresidenta ejecutivo ejecutiva head deputy prime primer primera science ceo del de la".split(
    " ",
  ),
);

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const clean = (name: string | undefined) => {
  const n = (name ?? "").replace(DETERMINERS, "").trim();
  const tokens = fold(n).split(/\s+/);
  return n.length > 1 && !tokens.every((t) => ROLES.has(t)) ? n : null;
};
/** The last word of a name, folded: what the source must name. */
export const surnameOf = (name: string) => fold(name.split(/\s+/).pop() ?? "").replace(/[.'’-]+$/, "");

function nameBefore(text: string): string | null {
  const accord = new RegExp(
    String.raw`(?:[Ss]egún|[Aa]ccording to)\s+(?:(?:el|la|los|las|the)\s+)?[\p{Ll}\s]*?(${NAME})[^«“"]*$`,
    "u",
  ).exec(text);
  if (accord) return clean(accord[1]);
  const verbs = [...text.matchAll(new RegExp(String.raw`(?<!\p{L})${VERB}(?!\p{L})`, "gu"))];
  const verb = verbs.at(-1);
  if (verb) {
    const names = [...text.slice(0, verb.index).matchAll(new RegExp(NAME, "gu"))];
    const after = new RegExp(String.raw`^\s*(?:[\p{Ll}]+\s+){0,6}?(${NAME})`, "u").exec(
      text.slice((verb.index ?? 0) + verb[0].length),
    );
    const last = names.at(-1);
    // "X dijo", else "dijo el secretario X" (a name after the verb, before the quotation).
    return clean(last && (last.index ?? 0) + last[0].length + 12 >= (verb.index ?? 0) ? last[0] : after?.[1]);
  }
  const colon = new RegExp(String.raw`^\s*(${NAME})\s*:\s*$`, "u").exec(text);
  return clean(colon?.[1]);
}

function nameAfter(text: string): string | null {
  const verbFirst = new RegExp(String.raw`^[\s,.]*${VERB}\s+(?:[\p{Ll}-]+\s+){0,6}?(${NAME})`, "u").exec(text);
  if (verbFirst) return clean(verbFirst[1]);
  const nameFirst = new RegExp(String.raw`^[\s,.]*(${NAME})\s+${VERB}(?!\p{L})`, "u").exec(text);
  return clean(nameFirst?.[1]);
}

/** The speaker a sentence gives a quotation (start/end: where the quotation with its marks sits), or null. */
export function speakerOf(sentence: string, start: number, end: number, previous?: string): string | null {
  return (
    nameAfter(sentence.slice(end)) ?? nameBefore(sentence.slice(0, start)) ?? (previous ? nameBefore(previous) : null)
  );
}

/** Where the first quotation containing these words sits in a text, with its marks; else the whole text. */
export function quoteSpan(text: string, words?: string): [number, number] {
  for (const m of text.matchAll(/«[^«»]+»|“[^“”]+”|"[^"]+"/g)) {
    if (!words || fold(m[0]).includes(fold(words).slice(0, 20))) return [m.index ?? 0, (m.index ?? 0) + m[0].length];
  }
  return [text.length, text.length];
}

/**
 * Does the source name this speaker next to the quoted words? The name the source gives the quotation in the
 * sentence it sits in decides when there is one; else the surname must be in the same paragraph or within two
 * sentences of it.
 */
export function checkAttribution(
  speaker: string,
  source: IndexedSource,
  passageIndex: number,
  fragment: string,
): { ok: boolean; sourceSpeaker: string | null; passage: string } {
  const passages = source.passages;
  const at = passages[passageIndex];
  if (!at) return { ok: true, sourceSpeaker: null, passage: "" };
  const previous = passages[passageIndex - 1];
  const [start, end] = quoteSpan(at.text, fragment);
  const sourceSpeaker = speakerOf(
    at.text,
    start,
    end,
    previous?.paragraph === at.paragraph ? previous.text : undefined,
  );
  const surname = surnameOf(speaker);
  const wordsOf = (t: string): string[] => fold(t).match(/[\p{L}\p{N}]+/gu) ?? [];
  // The name the source's own sentence gives, or the body the draft names within that sentence ("del NIST").
  if (sourceSpeaker)
    return { ok: wordsOf(`${sourceSpeaker} ${at.text}`).includes(surname), sourceSpeaker, passage: at.text };
  const near = passages.filter((p, i) => p.paragraph === at.paragraph || Math.abs(i - passageIndex) <= 2);
  const ok = near.some((p) => wordsOf(p.text).includes(surname));
  return { ok, sourceSpeaker, passage: at.text };
}
