"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { Field, RequiredMark, TextField } from "~/ui/field.tsx";
import { contactReasons } from "~/ui/form-limits.ts";
import { postJson } from "~/ui/post-json.ts";
import { toast } from "~/ui/toast.ts";

/** The one-line inputs, in the order docs/product.md §3 lists them. */
const TEXT_FIELDS = [
  { key: "name", autoComplete: "name", maxLength: 120, type: "text", required: true },
  { key: "email", autoComplete: "email", maxLength: 254, type: "email", required: true },
  { key: "organization", autoComplete: "organization", maxLength: 160, type: "text", required: false },
] as const;
const fieldClass =
  "w-full rounded-md border border-ink/25 bg-surface px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-ink focus:outline-none focus:ring-2 focus:ring-accent/30";

/** The /contacto form (docs/product.md §3 fields; §4 states; §5 validation; §8 texts). Posts to the spec's POST /api/contact. */
export function ContactForm() {
  const t = useTranslations("contactForm");
  const locale = useLocale();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    // The fields are read from the form, not from state: what was typed before the page hydrated counts too.
    const form = e.currentTarget;
    const data = new FormData(form);
    const text = (key: string) => String(data.get(key) ?? "");
    const values = {
      name: text("name"),
      email: text("email"),
      organization: text("organization"),
      reason: text("reason"),
      message: text("message"),
      privacy: data.get("privacy") !== null,
    };
    if (!values.name.trim() || !values.email.trim() || !values.message.trim() || !values.privacy) {
      toast.error(t("errorTitle"), { description: t("missingFields") });
      return;
    }
    setSubmitting(true);
    try {
      await postJson("/api/contact", { ...values, reason: values.reason || undefined, locale });
      toast.success(t("successTitle"), { description: t("successBody") });
      form.reset();
    } catch {
      toast.error(t("errorTitle"), { description: t("failure") });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form data-testid="contact-form" onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ key, autoComplete, maxLength, type, required }) => (
          <TextField
            key={key}
            id={`contact-${key}`}
            name={key}
            type={type}
            autoComplete={autoComplete}
            maxLength={maxLength}
            label={t(key)}
            required={required ? t("required") : undefined}
            className={fieldClass}
          />
        ))}
        <Field id="contact-reason" label={t("reason")}>
          <select id="contact-reason" name="reason" className={fieldClass} defaultValue="">
            <option value="">{t("reasonPlaceholder")}</option>
            {contactReasons.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="contact-message" label={t("message")} required={t("required")}>
        <textarea id="contact-message" name="message" rows={6} maxLength={5000} className={fieldClass} />
      </Field>
      <label className="flex items-start gap-3 text-sm" htmlFor="contact-privacy">
        <input
          id="contact-privacy"
          name="privacy"
          type="checkbox"
          className="mt-1 h-4 w-4 accent-[var(--color-accent)]"
        />
        <span>
          {t("privacy")} <RequiredMark text={t("required")} />
        </span>
      </label>
      <Button type="submit" size="lg" disabled={submitting} data-testid="contact-submit">
        {submitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
