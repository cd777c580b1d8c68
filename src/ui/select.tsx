"use client";

import * as SelectPrimitive from "@radix-ui/react-select";
import { cn } from "./cn.ts";

const FIELD =
  "inline-flex h-10 min-w-40 items-center justify-between gap-2 rounded-md border border-ink/25 bg-surface px-3 text-sm text-ink hover:border-ink/60";

/**
 * A labelled single-choice select on Radix (keyboard, typeahead and screen-reader support included). The
 * value is always one of the options: an empty value would put an empty <option> in Radix's hidden native
 * select, which HTML checkers reject.
 */
export function Select({
  label,
  value,
  onValueChange,
  options,
  className,
  testId,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
  className?: string;
  testId?: string;
}) {
  // The name holds what the trigger shows (WCAG 2.5.3, label in name): "Tipo: Todos los tipos", not "Tipo".
  const shown = options.find((o) => o.value === value)?.label;
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange}>
      <SelectPrimitive.Trigger
        aria-label={shown ? `${label}: ${shown}` : label}
        data-testid={testId}
        className={cn(FIELD, className)}
      >
        <span className="sr-only">{label}: </span>
        <SelectPrimitive.Value />
        <SelectPrimitive.Icon aria-hidden className="text-muted">
          ▾
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-rule bg-surface shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((o) => (
              <SelectPrimitive.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-pointer select-none items-center rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-ink/[0.06] data-[state=checked]:font-semibold"
              >
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

/**
 * The browser's own select under its visible caption, for a form that must work before (or without) the
 * page's scripts: it sends `name` with the form. Looks like Select.
 */
export function NativeSelect({
  label,
  name,
  value,
  options,
  testId,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-bold uppercase tracking-wider">{label}</span>
      <select name={name} defaultValue={value} data-testid={testId} className={FIELD}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
