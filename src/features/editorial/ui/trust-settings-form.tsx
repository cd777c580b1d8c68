"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { Field, inputClass } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import type { TrustSettings } from "../schema.ts";

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Whether public-interest matters may be auto-published, and what /trust.txt declares. */
export function TrustSettingsForm() {
  const t = useTranslations("trust.admin");
  const errorText = useErrorText();
  const saved = api.admin.trust.settings.useQuery();
  const [values, setValues] = useState<TrustSettings | null>(null);
  useEffect(() => {
    if (saved.data) setValues(saved.data);
  }, [saved.data]);
  const save = api.admin.trust.updateSettings.useMutation({
    onSuccess: (next) => {
      setValues(next);
      toast.success(t("saved"));
    },
    onError: (e) => toast.error(errorText(e)),
  });
  if (!values) return null;
  const check = (name: "auto_publish_public_interest" | "data_training_allowed", label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.checked })}
        data-testid={`trust-${name}`}
      />
      {label}
    </label>
  );
  const urls = (name: "social" | "belongto") => (
    <Field id={`trust-${name}`} label={t(name)}>
      <textarea
        id={`trust-${name}`}
        rows={2}
        className={inputClass}
        value={values[name].join("\n")}
        onChange={(e) => setValues({ ...values, [name]: lines(e.target.value) })}
      />
    </Field>
  );
  return (
    <form
      className="space-y-3 rounded-md border border-ink/15 p-3"
      data-testid="trust-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(values);
      }}
    >
      <h3 className="font-serif text-lg font-bold">{t("settingsTitle")}</h3>
      {check("auto_publish_public_interest", t("autoPublishPublicInterest"))}
      <p className="text-xs text-muted">{t("autoPublishPublicInterestHint")}</p>
      <Field id="trust-contact" label={t("contactUrl")}>
        <input
          id="trust-contact"
          type="url"
          className={inputClass}
          value={values.contact_url ?? ""}
          onChange={(e) => setValues({ ...values, contact_url: e.target.value.trim() || null })}
        />
      </Field>
      {urls("social")}
      {urls("belongto")}
      {check("data_training_allowed", t("dataTraining"))}
      <Button type="submit" disabled={save.isPending} data-testid="trust-settings-save">
        {t("save")}
      </Button>
    </form>
  );
}
