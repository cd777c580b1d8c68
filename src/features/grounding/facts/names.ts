/**
 * People's names as the verifier compares them: accents, case, hyphens, apostrophes, particles (de la, van den,
 * d'Ors), titles and roles before the name, and a surname alone all name the same person.
 */

/** A run of capitalised words, with particles and lower-case joiners inside it ("Ruiz de la Torre", "d'Ors"). */
export const NAME_RUN = String.raw`(?:[dDlL]['’])?\p{Lu}[\p{L}'’.-]*(?:[^\S\n]+(?:(?:de|del|la|las|los|y|i|van|von|der|den|da|das|do|dos|di|du|des|le|ten|ter|bin|al|el)[^\S\n]+)*(?:[dDlL]['’])?\p{Lu}[\p{L}'’.-]*)*`;

const PARTICLES = new Set(
  "de del la las los y i van von der den da das do dos di du des le ten ter bin al el d l".split(" "),
);
const TITLES = new Set(
  "sr sra srta don dona dña d mr mrs ms miss dr dra prof profa sir dame lord lady senor senora hon rev judge justice magistrado magistrada juez jueza senator senador senadora diputado diputada rep representative chair chairman chairwoman chairperson mx".split(
    " ",
  ),
);
/** Words that say what a person does, not who they are: a run made of them (and acronyms) names no one. */
export const ROLE_WORDS = new Set(
  "executive vice vice-president vicepresident president presidente presidenta vicepresidente vicepresidenta director directora directores director-general directora-general general adjunto adjunta deputy minister ministra ministro ministry secretary secretaria secretario state estado commissioner comisario comisaria comisionado comisionada chair chief spokesperson spokesman spokeswoman portavoz ejecutivo ejecutiva head jefe jefa prime primer primera ceo coo cto rapporteur ponente relator relatora inspector inspectora inspection inspeccion governor gobernador gobernadora mayor alcalde alcaldesa officer responsable coordinator coordinador coordinadora member miembro consejero consejera advisor adviser asesor asesora fiscal abogado abogada attorney counsel witness testigo ambassador embajador embajadora registrar delegate delegado delegada superintendent superintendente auditor auditora ombudsman defensor defensora".split(
    " ",
  ),
);
/** Capitalised words that start sentences or name no one. */
const NOT_NAMES = new Set(
  "el la los las lo un una unos unas en de del con por para según segun al y o pero sin sobre tras desde ante este esta estos estas ese esa esos esas aquel aquella nuestro nuestra nuestros nuestras su sus mi mis tu tus vuestro vuestra cada todo toda todos todas otro otra hoy ayer así también además sin embargo como si no ni ya the a an in on at of for by from with and or but as to this that these those it its our their his her my your each every all other another today yesterday also however thus so if not nor yet according after before during under when while there here".split(
    " ",
  ),
);
/** Pronouns: "She added" names no one; the speaker is carried from the quotation before. */
export const PRONOUNS = new Set(
  "she he they it we i you ella el él ellos ellas usted nosotros nosotras this that who which quien quién".split(" "),
);

export const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

const isAcronym = (word: string) => /^\p{Lu}{2,}\.?$/u.test(word) && !/^\p{Lu}\p{Ll}/u.test(word);

/** The words of a name that identify the person: folded, split at hyphens and apostrophes, particles gone. */
export function nameTokens(name: string): string[] {
  const out: string[] = [];
  for (const raw of name.split(/\s+/)) {
    if (!raw || isAcronym(raw.replace(/[,.;:]+$/, ""))) continue;
    for (const part of fold(raw).split(/['’-]+/)) {
      const t = part.replace(/[^\p{L}\p{N}]+/gu, "");
      if (!t || PARTICLES.has(t) || TITLES.has(t) || ROLE_WORDS.has(t) || NOT_NAMES.has(t)) continue;
      out.push(t);
    }
  }
  return out;
}

/** Is this run of capitalised words a person's (or a body's) name, not a role, a pronoun or a sentence opener? */
export function isName(run: string): boolean {
  const first = fold(run.split(/\s+/)[0] ?? "");
  if (PRONOUNS.has(first) && run.split(/\s+/).length === 1) return false;
  return nameTokens(run).length > 0;
}

/** The role words a text gives ("la directora adjunta de Inspección" → "directora adjunta"), or null. */
export function roleOf(text: string): string | null {
  const words = fold(text)
    .split(/[^\p{L}-]+/u)
    .filter((w) => ROLE_WORDS.has(w));
  return words.length ? [...new Set(words)].join(" ") : null;
}

const subset = (a: string[], b: Set<string>) => a.length > 0 && a.every((t) => b.has(t));

/** Do two names name the same person? One's identifying words must all be in the other's. */
export function sameName(a: string, b: string): boolean {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  return subset(ta, new Set(tb)) || subset(tb, new Set(ta));
}

/** The capitalised runs of a text that name someone, in order, with where they end. */
export function namesIn(text: string): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(NAME_RUN, "gu"))) {
    const run = trimRun(m[0]);
    if (run && isName(run)) out.push({ name: run, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
}

/** A run without the sentence openers, titles and role words in front of the name ("La directora Marta X"). */
function trimRun(run: string): string {
  const words = run.split(/\s+/);
  while (words.length > 1) {
    const w = fold(words[0] ?? "").replace(/[.]+$/, "");
    // Particles stay: "Van den Berg" is the name; "La" opening a sentence is in NOT_NAMES and goes.
    if (NOT_NAMES.has(w) || TITLES.has(w) || ROLE_WORDS.has(w) || isAcronym(words[0] ?? "")) words.shift();
    else break;
  }
  return words.join(" ").replace(/[.,;:]+$/, "");
}

/** "RUIZ DE LA TORRE" → "Ruiz de la Torre": a transcript's capitals, so its words are not taken for acronyms. */
export function titleCase(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/(^|\s)(De|Del|La|Las|Los|Y|Van|Von|Der|Den|Da|Di|Du|Le)(?=\s)/gu, (m) => m.toLowerCase());
}
