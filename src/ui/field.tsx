import { type ComponentProps, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/** The admin forms' text input style. */
export const inputClass =
  "w-full rounded-md border border-ink/25 bg-surface px-3 py-2 text-sm focus:border-ink focus:outline-none";

/** The public (auth) forms' text input style: taller, and red while aria-invalid. */
const publicInputClass =
  "h-11 rounded-md border border-ink/25 bg-surface px-3 text-base outline-none focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/30 aria-invalid:border-red-600";

interface FieldProps {
  /** The control's id: the label points at it, and the hint/error lines are `${id}-hint` / `${id}-error`. */
  id: string;
  label: string;
  /** The "required" word shown after the label, when the field is required. */
  required?: string;
  hint?: string;
  /** Replaces the hint while set. */
  error?: string | null;
}

/** The id of the line that describes the control (error first, then hint), for aria-describedby. */
function describedBy({ id, error, hint }: Pick<FieldProps, "id" | "error" | "hint">): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type ControlProps = { "aria-describedby"?: string; "aria-invalid"?: boolean | "true" | "false" };

/**
 * The control, linked to its error or hint line and marked invalid while the error is shown, unless it set
 * those attributes itself (a control inside a wrapper element is left as it is).
 */
function linkedControl(children: ReactNode, { id, error, hint }: Pick<FieldProps, "id" | "error" | "hint">) {
  if (!isValidElement<ControlProps>(children) || typeof children.type !== "string") return children;
  const own = children.props;
  return cloneElement(children as ReactElement<ControlProps>, {
    "aria-describedby": own["aria-describedby"] ?? describedBy({ id, error, hint }),
    "aria-invalid": own["aria-invalid"] ?? (error ? true : undefined),
  });
}

/**
 * Every form's labelled control: label (and required mark), the control, then its error or hint line. The
 * error line is an alert, so a screen reader announces it when it appears, and the control points at it.
 */
export function Field({ id, label, required, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {required ? <RequiredMark text={required} /> : null}
      </label>
      {linkedControl(children, { id, error, hint })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A Field holding a text input wired to it (name defaults to the id; className overrides the public style). */
export function TextField({
  id,
  label,
  required,
  hint,
  error,
  ...input
}: FieldProps & Omit<ComponentProps<"input">, "id" | "required">) {
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        className={publicInputClass}
        {...input}
      />
    </Field>
  );
}

/** The small "required" word after a label (docs/product.md §3 contact form). */
export function RequiredMark({ text }: { text: string }) {
  return <span className="ml-1 text-xs font-semibold uppercase tracking-wide text-accent-text">{text}</span>;
}
