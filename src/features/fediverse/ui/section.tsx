import type { ReactNode } from "react";
import { Field, inputClass } from "~/ui/field.tsx";

/** One section of the Fediverso tab: a titled box with an optional hint. */
export function FediverseSection({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 rounded-md border border-ink/15 p-4" data-testid={testId}>
      <h3 className="font-serif text-lg font-bold">{title}</h3>
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {children}
    </section>
  );
}

/** A labelled text box of the tab (a textarea when `rows` is given). */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  onChange: (v: string) => void;
}) {
  const common = { id: props.id, className: inputClass, value: props.value, "data-testid": props.id };
  return (
    <Field id={props.id} label={props.label}>
      {props.rows ? (
        <textarea {...common} rows={props.rows} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => props.onChange(e.target.value)} />
      )}
    </Field>
  );
}
