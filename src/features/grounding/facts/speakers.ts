/**
 * Who a quotation's own sentence says spoke it: "«…», dijo X", "X afirmó: «…»", "según X, «…»", "“…,” X said",
 * "X was blunt: “…”", an attribution line under a pull quote ("— Name, role"), or a verb with no name
 * ("añadió", "she added"), which carries the previous quotation's speaker. Only the quotation's sentence is
 * read: a name in another sentence is not its speaker.
 */
import { fold, isName, NAME_RUN, namesIn, PRONOUNS, roleOf } from "./names.ts";
import type { Speaker, SpeakerHow } from "./types.ts";

const VERBS =
  "dijo|dice|decía|afirmó|afirma|afirmaba|señaló|señala|añadió|añade|agregó|aseguró|asegura|explicó|explica|declaró|declara|subrayó|subraya|advirtió|advierte|indicó|indica|sostuvo|sostiene|recalcó|recalca|manifestó|manifiesta|destacó|destaca|apuntó|apunta|defendió|defiende|insistió|insiste|reconoció|reconoce|concluyó|concluye|comentó|comenta|precisó|precisa|admitió|admite|sentenció|resumió|valoró|valora|expresó|expresa|aclaró|aclara|respondió|responde|preguntó|pregunta|replicó|continuó|prosiguió|escribió|escribe|anunció|anuncia|avisó|recordó|recuerda|lamentó|lamenta|celebró|celebra|criticó|critica|reiteró|reitera|dicho|afirmado|señalado|añadido|asegurado|explicado|declarado|subrayado|advertido|indicado|manifestado|destacado|reconocido|recalcado|insistido|defendido|comentado|expresado|said|says|added|adds|warned|warns|noted|notes|stated|states|explained|explains|told|stressed|stresses|argued|argues|insisted|insists|declared|commented|remarked|acknowledged|acknowledges|wrote|writes|announced|concluded|emphasi[sz]ed|emphasi[sz]es|observed|observes|asked|asks|replied|replies|answered|continued|recalled|underlined|underlines|highlighted|highlights|cautioned|cautions|testified|testifies|affirmed|confirmed|welcomed|maintained|maintains|put it|told reporters|considered|considers|held|holds|found|finds|ruled|rules|reasoned|opined|described|describes|called|calls|consideró|considera|estimó|estima|razonó|entendió|entiende|opinó|opina|calificó|califica|describió|describe|llamó|resumió|resume|resumen";
const VERB = new RegExp(String.raw`(?<!\p{L})(?:${VERBS})(?!\p{L})`, "giu");
/** Verbs that continue the previous speaker when they name no one. */
const CARRY =
  /(?<!\p{L})(?:añadió|añade|agregó|continuó|prosiguió|insistió|concluyó|added|adds|continued|went on|concluded)(?!\p{L})/iu;

export type Reading = { speaker: Speaker; how: SpeakerHow } | { carried: true } | null;

const person = (name: string, role: string | null, how: SpeakerHow): Reading => ({
  speaker: { name, role: role ?? roleOf(name) },
  how,
});

/** The role a text names without a name ("afirmó la comisaria" → comisaria), as a speaker with no name. */
function roleOnly(text: string, how: SpeakerHow): Reading {
  const role = roleOf(text);
  return role ? { speaker: { name: null, role }, how } : null;
}

/**
 * A verb of saying with no name by it: a role ("afirmó la comisaria") is a speaker with no name; nothing but a
 * pronoun or punctuation ("«…», afirmó.", "she added") carries the previous speaker; anything else (a court,
 * a report) is not a person this reader can name.
 */
function verbWithoutName(subject: string, how: SpeakerHow): Reading {
  const role = roleOf(subject);
  if (role) return { speaker: { name: null, role }, how };
  const words = fold(subject).match(/\p{L}+/gu) ?? [];
  return words.every((w) => PRONOUNS.has(w) || w === "ha" || w === "has" || w === "had" || w === "y" || w === "and")
    ? { carried: true }
    : null;
}

/**
 * Names that can be a clause's subject: not one in a complement ("el informe de la Agencia", "Head of the IFEC
 * Division", "el ministro de Sanidad"), which names what a person or document belongs to.
 */
function subjects(text: string) {
  return namesIn(text).filter(
    (n) => !/(?:^|\s)(?:de|del|de la|de las|de los|of|of the)\s+$/iu.test(text.slice(0, n.start)),
  );
}

/** The speaker the text before a quotation (from its sentence's start) gives it. */
export function speakerBefore(lead: string): Reading {
  const text = lead.replace(/\s+$/, "");
  if (!text) return null;
  const accord = /(?:^|[\s,(])(?:según|segun|according to)\s+(.*)$/isu.exec(text);
  if (accord) {
    const name = subjects(accord[1] ?? "")[0];
    return name ? person(name.name, roleOf(accord[1] ?? ""), "verb_before") : roleOnly(accord[1] ?? "", "verb_before");
  }
  const verbs = [...text.matchAll(VERB)];
  const verb = verbs.at(-1);
  if (verb) {
    const at = verb.index ?? 0;
    const before = text.slice(0, at);
    const after = text.slice(at + verb[0].length);
    const lastBefore = subjects(before).at(-1);
    const firstAfter = subjects(after)[0];
    // "X dijo:" · "X, la directora, ha dicho:" · "dijo el secretario X:" · "X dijo a la Comisión:" (the name
    // next to the verb is its subject; a name after it counts only when no name stands right before it).
    const adjacent =
      lastBefore &&
      /^[\s,]*(?:[^,]{0,80},\s*)?(?:(?:lo|la|le|les|se|nos|ha|has|had|have|había)\s+){0,2}$/iu.test(
        before.slice(lastBefore.end),
      );
    if (lastBefore && adjacent) return subjectBefore(before, "verb_before");
    if (
      firstAfter &&
      /^[\s,]*(?:[\p{Ll}-]+\s+){0,6}$/u.test(after.slice(0, firstAfter.start)) &&
      !/^\s*(?:que|that)\b/iu.test(after)
    )
      return person(firstAfter.name, roleOf(after), "verb_before");
    if (lastBefore)
      return person(lastBefore.name, roleOf(before.slice(Math.max(0, lastBefore.start - 80))), "verb_before");
    const pronoun = /(?:^|\s)(\p{L}+)\s*$/u.exec(before)?.[1];
    if (pronoun && PRONOUNS.has(fold(pronoun))) return { carried: true };
    return verbWithoutName(before, "verb_before");
  }
  if (/:\s*$/.test(text)) return subjectBefore(text, "verb_before") ?? roleOnly(text, "verb_before");
  return null;
}

/**
 * The subject of a clause that introduces a quotation: the last name before its verb or colon, unless that
 * name sits in a role's apposition ("Ingrid X, Head of the Y Division, said:"), whose person stands before it.
 */
function subjectBefore(text: string, how: SpeakerHow): Reading {
  const last = subjects(text).at(-1);
  if (!last) return null;
  const clauses = text.split(",");
  const apposition = clauses.length >= 3 ? (clauses.at(-2) ?? "") : "";
  const subject = subjects(clauses.at(-3) ?? "").at(-1);
  if (subject && apposition.includes(last.name) && roleOf(apposition) && !roleOf(subject.name))
    return person(subject.name, roleOf(apposition), how);
  return person(last.name, roleOf(text.slice(Math.max(0, last.start - 80))), how);
}

const ATTRIBUTION_LINE = new RegExp(
  String.raw`^[^\S\n]*\n?[^\S\n]*[—–―-][^\S\n]*(${NAME_RUN})(?:[^\S\n]*[,(][^\n]*)?`,
  "u",
);

/** The speaker the text after a quotation (to its sentence's end, and a following attribution line) gives it. */
export function speakerAfter(trail: string): Reading {
  const line = ATTRIBUTION_LINE.exec(trail);
  if (line?.[1] && isName(line[1])) {
    const role = line[0].slice(line[0].indexOf(line[1]) + line[1].length);
    return person(line[1], roleOf(role), "attribution_line");
  }
  const text = trail.split("\n")[0] ?? "";
  const verbFirst = new RegExp(String.raw`^[\s,.;—–-]*(?:ha\s+|has\s+|had\s+)?(?:${VERBS})(?!\p{L})(.*)$`, "iu").exec(
    text,
  );
  if (verbFirst) {
    const rest = verbFirst[1] ?? "";
    const name = namesIn(rest.split(/[.;]/)[0] ?? "")[0];
    if (name && name.start < 80) return person(name.name, roleOf(rest.slice(0, name.end)), "verb_after");
    return verbWithoutName((rest.split(/[.;!?]/)[0] ?? "").slice(0, 60), "verb_after");
  }
  if (
    new RegExp(
      String.raw`^[\s,]*(?:she|he|they|ella|él|ellos|ellas)\s+(?:ha\s+|has\s+|had\s+)?(?:${VERBS})(?!\p{L})`,
      "iu",
    ).test(text)
  )
    return { carried: true };
  const nameFirst = new RegExp(
    String.raw`^[\s,]*(?:(?:the|el|la|los|las)\s+)?(?:[\p{Ll}-]+\s+){0,3}?(${NAME_RUN})(?:,[^,]{0,100},)?\s+(?:ha\s+|has\s+|had\s+)?(?:${VERBS})(?!\p{L})`,
    "u",
  ).exec(text);
  if (nameFirst?.[1]) {
    if (PRONOUNS.has(fold(nameFirst[1]))) return { carried: true };
    if (isName(nameFirst[1])) return person(nameFirst[1], roleOf(nameFirst[0]), "verb_after");
    return verbWithoutName(nameFirst[0], "verb_after");
  }
  return null;
}

/** True when a verb in this text carries the previous speaker ("añadió", "added") and names no one. */
export const carries = (text: string) => CARRY.test(text);
