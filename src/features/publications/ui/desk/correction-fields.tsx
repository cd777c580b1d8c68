"use client";

import { useTranslations } from "next-intl";
import { Field, inputClass } from "~/ui/field.tsx";

export interface CorrectionState {
  note_es: string;
  note_en: string;
  typo: boolean;
}

export const NO_CORRECTION: CorrectionState = { note_es: "", note_en: "", typo: false };

/** What the edit sends of it: a note, or the explicit typo choice, or nothing. */
export function correctionInput(c: CorrectionState) {
  if (c.note_es.trim())
    return {
      correction_note_es: c.note_es.trim(),
      ...(c.note_en.trim() ? { correction_note_en: c.note_en.trim() } : {}),
    };
  return c.typo ? { typo_fix: true } : {};
}

/**
 * A published article's edit: a changed title, summary, figure or quotation is told to readers with a
 * correction note (Spanish, English optional), unless the editor says it only fixes a typo.
 */
export function CorrectionFields(props: {
  value: CorrectionState;
  onChange: (c: CorrectionState) => void;
  required: boolean;
}) {
  const t = useTranslations("adminDesk.correction");
  const { value, onChange } = props;
  return (
    <fieldset className="space-y-2 rounded-md border border-rule p-3" data-testid="desk-correction">
      <legend className="px-1 text-sm font-semibold">{t("legend")}</legend>
      <p className="text-xs text-muted">{props.required ? t("required") : t("hint")}</p>
      <Field label={t("noteEs")} id="desk-correction-es">
        <textarea
          id="desk-correction-es"
          className={`${inputClass} min-h-16`}
          value={value.note_es}
          onChange={(e) => onChange({ ...value, note_es: e.target.value })}
        />
      </Field>
      <Field label={t("noteEn")} id="desk-correction-en">
        <textarea
          id="desk-correction-en"
          className={`${inputClass} min-h-16`}
          value={value.note_en}
          onChange={(e) => onChange({ ...value, note_en: e.target.value })}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.typo}
          onChange={(e) => onChange({ ...value, typo: e.target.checked })}
          data-testid="desk-correction-typo"
        />
        {t("typo")}
      </label>
    </fieldset>
  );
}
