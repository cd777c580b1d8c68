import type { ReactNode } from "react";

/** The admin forms' text input style. */
export const inputClass =
  "w-full rounded-md border border-ink/25 bg-surface px-3 py-2 text-sm focus:border-ink focus:outline-none";

export function Field(props: { label: string; htmlFor: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.htmlFor} className="block text-sm font-semibold">
        {props.label}
      </label>
      {props.children}
      {props.hint ? <p className="text-xs text-muted">{props.hint}</p> : null}
      {props.error ? (
        <p className="text-xs font-semibold text-accent-text" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
