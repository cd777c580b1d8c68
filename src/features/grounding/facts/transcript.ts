/**
 * Speaker labels of a transcript: "EL SEÑOR PRESIDENTE:", "LA SEÑORA RUIZ DE LA TORRE (directora):",
 * "MR. HALVORSEN:", "Senator Okafor:", "Q:" / "A:" (pregunta / respuesta). Each label opens a turn that runs
 * until the next label; the turn's words are that speaker's. A line like "PRIMERO: Imponer…" (a decree's
 * ordinal) or "Nota: …" is not a label: a bare label needs a name of two words, and the document must read as a
 * transcript (some speaker labelled more than once).
 */
import { fold, NAME_RUN, nameTokens, roleOf, titleCase } from "./names.ts";
import type { Speaker } from "./types.ts";

export interface Turn {
  start: number;
  end: number;
  line: number;
  text: string;
  speaker: Speaker | null;
}

const TITLED =
  /^[^\S\n]*((?:EL|LA|THE)[^\S\n]+(?:SEÑOR|SEÑORA|SR\.|SRA\.|SEÑORÍA)|MR\.?|MRS\.?|MS\.?|DR\.?|DRA\.?|SENATOR|SENADOR|SENADORA|REPRESENTATIVE|DIPUTADO|DIPUTADA|COMMISSIONER|CHAIRMAN|CHAIRWOMAN|CHAIR|JUDGE|JUSTICE|MAGISTRADO|MAGISTRADA)[^\S\n]+([^:()\n]{1,80}?)[^\S\n]*(?:\(([^)\n]{1,100})\))?[^\S\n]*:[^\S\n]*/iu;
const ROLE_LABEL =
  /^[^\S\n]*(THE CHAIR|THE CHAIRMAN|THE CHAIRWOMAN|THE WITNESS|LA PRESIDENCIA|EL PRESIDENTE|LA PRESIDENTA)[^\S\n]*:[^\S\n]*/u;
const QA = /^[^\S\n]*(Q|A|P|R|PREGUNTA|RESPUESTA|QUESTION|ANSWER)[^\S\n]*:[^\S\n]+/u;
const BARE = new RegExp(String.raw`^[^\S\n]*(${NAME_RUN})[^\S\n]*(?:\(([^)\n]{1,100})\))?[^\S\n]*:[^\S\n]+`, "u");

const QA_ROLE: Record<string, string> = { q: "pregunta", p: "pregunta", question: "pregunta", pregunta: "pregunta" };

function labelOf(line: string): { length: number; speaker: Speaker | null; bare: boolean } | null {
  const titled = TITLED.exec(line);
  // A label's name has no lower-case words but particles: "Commissioner for Digital Safety X added:" is prose.
  const labelName = (name: string) =>
    name
      .split(/\s+/)
      .every((w) => !/^\p{Ll}/u.test(w) || /^(?:de|del|la|las|los|y|van|von|der|den|da|di|du|le)$/u.test(w));
  if (titled && labelName(titled[2] ?? "")) {
    const name = titleCase((titled[2] ?? "").trim());
    const role = roleOf(`${name} ${titled[3] ?? ""}`);
    const isRole = nameTokens(name).length === 0;
    return { length: titled[0].length, speaker: { name: isRole ? null : name, role }, bare: false };
  }
  const role = ROLE_LABEL.exec(line);
  if (role) return { length: role[0].length, speaker: { name: null, role: roleOf(role[1] ?? "") }, bare: false };
  const qa = QA.exec(line);
  if (qa) {
    const which = fold(qa[1] ?? "");
    return { length: qa[0].length, speaker: { name: null, role: QA_ROLE[which] ?? "respuesta" }, bare: false };
  }
  const bare = BARE.exec(line);
  if (bare?.[1] && nameTokens(bare[1]).length >= 2 && bare[1].split(/\s+/).length <= 6)
    return { length: bare[0].length, speaker: { name: bare[1], role: roleOf(bare[2] ?? "") }, bare: true };
  return null;
}

export function readTurns(text: string, starts: number[]): Turn[] {
  const labelled: { line: number; at: number; length: number; speaker: Speaker | null; bare: boolean }[] = [];
  starts.forEach((at, line) => {
    const end = text.indexOf("\n", at);
    const label = labelOf(text.slice(at, end < 0 ? undefined : end));
    if (label) labelled.push({ line, at, ...label });
  });
  // Bare "Name Surname:" labels count only in a document that reads as a transcript: a speaker labelled twice.
  const bareNames = labelled.filter((l) => l.bare).map((l) => fold(l.speaker?.name ?? ""));
  const transcript = bareNames.length >= 2 && new Set(bareNames).size < bareNames.length;
  const labels = labelled.filter((l) => !l.bare || transcript);
  return labels.map((l, i) => {
    const next = labels[i + 1];
    const end = next ? next.at - 1 : text.length;
    const start = l.at + l.length;
    return { start, end, line: l.line, text: text.slice(start, end).replace(/\s+/g, " ").trim(), speaker: l.speaker };
  });
}
