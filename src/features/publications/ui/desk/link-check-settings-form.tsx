"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { Field, inputClass } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";

const FIELDS = ["recent_days", "recent_every_days", "older_every_days"] as const;
type Settings = Record<(typeof FIELDS)[number], number>;

/** The link check's cadence: how recent an article is "recent", and how often each kind is checked (days). */
export function LinkCheckSettingsForm() {
  const t = useTranslations("adminDesk.verification");
  const saved = api.admin.verification.linkCheckSettings.useQuery();
  const [values, setValues] = useState<Settings | null>(null);
  useEffect(() => {
    if (saved.data) setValues(saved.data);
  }, [saved.data]);
  const save = api.admin.verification.updateLinkCheckSettings.useMutation({
    onSuccess: (next) => {
      setValues(next);
      toast.success(t("cadenceSaved"));
    },
    onError: (e) => toast.error(t("cadenceSaveFailed"), { description: e.message }),
  });
  if (!values) return null;
  return (
    <form
      className="grid gap-3 rounded-md border border-ink/15 p-3 md:grid-cols-4 md:items-end"
      data-testid="link-check-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(values);
      }}
    >
      {FIELDS.map((field) => (
        <Field key={field} id={`link-check-${field}`} label={t(`cadence.${field}`)}>
          <input
            id={`link-check-${field}`}
            type="number"
            min={1}
            required
            className={inputClass}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: Number(e.target.value) })}
          />
        </Field>
      ))}
      <Button type="submit" disabled={save.isPending} data-testid="link-check-settings-save">
        {t("cadenceSave")}
      </Button>
    </form>
  );
}
