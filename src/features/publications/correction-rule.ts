import type { Article } from "~/generated/prisma/client.ts";
import { AppError } from "~/platform/errors.ts";

/** The texts an edit may carry, as the desk sends them (only what changed). */
type TextChanges = Partial<Record<`${"title" | "summary" | "body"}_${"es" | "en"}`, string>>;

// Figures: digit runs with their separators ("1.200", "40 %", "18"); quotations: text between quotation marks.
const FIGURES = /\d+(?:[.,\u00a0 ]\d+)*/g;
const QUOTES = /[“«"]([^”»"]+)[”»"]/g;

const figuresOf = (text: string) => [...text.matchAll(FIGURES)].map((m) => m[0].replace(/[\u00a0 ]/g, "")).sort();
const quotesOf = (text: string) => [...text.matchAll(QUOTES)].map((m) => m[1]!.trim()).sort();
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The fields of a published article whose change readers must be told about: a title or a summary that
 * changed (an English one added where there was none is a translation, not a correction), or a body whose
 * figures or quotations changed. Rewording a body without touching them needs no note.
 */
export function correctionFields(row: Article, changes: TextChanges): string[] {
  const fields: string[] = [];
  for (const key of ["title_es", "title_en", "summary_es", "summary_en"] as const) {
    const next = changes[key];
    const before = row[key];
    if (next !== undefined && before && next !== before) fields.push(key);
  }
  for (const key of ["body_es", "body_en"] as const) {
    const next = changes[key];
    const before = row[key];
    if (next === undefined || !before || next === before) continue;
    if (!same(figuresOf(before), figuresOf(next)) || !same(quotesOf(before), quotesOf(next))) fields.push(key);
  }
  return fields;
}

export interface CorrectionChoice {
  correction_note_es?: string;
  correction_note_en?: string;
  typo_fix?: boolean;
}

/**
 * What the revision stores of an edit of a published article: its public note, or the editor's explicit
 * choice that it only fixes a typo. A substantive change with neither is refused (400 naming the field).
 */
export function correctionOf(row: Article, changes: TextChanges, choice: CorrectionChoice) {
  if (row.status !== "published") return { correction: null, typoFix: false };
  const fields = correctionFields(row, changes);
  const note = choice.correction_note_es?.trim();
  if (fields.length && !note && !choice.typo_fix)
    throw new AppError(
      "BAD_REQUEST",
      `correction_note_es: a published article's ${fields.join(", ")} changed; write a correction note or mark the edit as a typo fix (typo_fix)`,
      { field: "correction_note_es", reason: "correctionNoteRequired", details: { fields } },
    );
  if (note) return { correction: { es: note, en: choice.correction_note_en?.trim() || null }, typoFix: false };
  return { correction: null, typoFix: Boolean(choice.typo_fix && fields.length) };
}
