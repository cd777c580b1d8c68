import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Button } from "~/ui/button.tsx";
import { TextField } from "~/ui/field.tsx";

/** One input of an auth form: its id (also its name), the `auth` message keys of its texts, browser hints. */
export interface AuthField {
  id: string;
  label: string;
  type?: "email" | "password";
  autoComplete: string;
  placeholder?: string;
  hint?: string;
}

export const usernameField: AuthField = {
  id: "username",
  label: "username",
  autoComplete: "username",
  hint: "usernameHint",
};
export const emailField: AuthField = {
  id: "email",
  label: "email",
  type: "email",
  autoComplete: "email",
  placeholder: "emailPlaceholder",
};
/** A password input; `autoComplete` tells password managers whether to fill in or to suggest one. */
export const passwordField = (
  id: string,
  label: string,
  autoComplete: "current-password" | "new-password",
): AuthField => ({ id, label, type: "password", autoComplete });

/** The login, register and password forms' inputs, in the order given, bound to one values object. */
export function AuthFields<K extends string>({
  fields,
  values,
  onChange,
  errors,
}: {
  fields: Record<K, AuthField>;
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  errors?: Partial<Record<K, string | null>>;
}) {
  const t = useTranslations("auth");
  return (Object.keys(fields) as K[]).map((key) => {
    const field = fields[key];
    return (
      <TextField
        key={key}
        id={field.id}
        type={field.type}
        autoComplete={field.autoComplete}
        label={t(field.label)}
        placeholder={field.placeholder && t(field.placeholder)}
        hint={field.hint && t(field.hint)}
        error={errors?.[key]}
        value={values[key]}
        onChange={(e) => onChange(key, e.target.value)}
      />
    );
  });
}

/** An auth form: its inputs, then the submit button (its label switches while the call is pending). */
export function AuthForm<K extends string>({
  testId,
  onSubmit,
  pending,
  submit,
  submitting,
  ...fields
}: Parameters<typeof AuthFields<K>>[0] & {
  testId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submit: string;
  submitting: string;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid={testId}>
      <AuthFields {...fields} />
      <Button type="submit" size="lg" disabled={pending} className="mt-2">
        {pending ? submitting : submit}
      </Button>
    </form>
  );
}
