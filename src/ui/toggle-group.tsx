"use client";

import * as ToggleGroupPrimitive from "@radix-ui/react-toggle-group";
import { cn } from "./cn.ts";

/** A chip's look, off and on (`data-state=on` for a toggle, a ticked checkbox inside for ChipCheckboxes). */
const CHIP =
  "rounded-full border px-3 py-1 text-sm transition-colors border-ink/20 bg-surface text-ink hover:border-ink/50";
const CHIP_ON = "data-[state=on]:border-ink data-[state=on]:bg-ink data-[state=on]:text-paper";
const CHECKBOX_CHIP_ON = "has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-paper";
/** The hidden checkbox's focus ring, drawn on its chip (as globals.css draws :focus-visible). */
const CHECKBOX_CHIP_FOCUS =
  "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent";

/** Multiple-choice chips (topics, tags) on Radix ToggleGroup: roving focus, aria-pressed state. */
export function ChipToggleGroup({
  label,
  value,
  onValueChange,
  options,
  testId,
}: {
  label: string;
  value: string[];
  onValueChange: (value: string[]) => void;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  return (
    <ToggleGroupPrimitive.Root
      type="multiple"
      aria-label={label}
      value={value}
      onValueChange={onValueChange}
      data-testid={testId}
      className="flex flex-wrap gap-2"
    >
      {options.map((o) => (
        <ToggleGroupPrimitive.Item key={o.value} value={o.value} className={cn(CHIP, CHIP_ON)}>
          {o.label}
        </ToggleGroupPrimitive.Item>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}

/**
 * The same chips as a form's checkboxes (`name`, one value per ticked chip): what a page shows before its
 * scripts run, so the choice still goes to the server with the form.
 */
export function ChipCheckboxes({
  name,
  checked,
  options,
}: {
  name: string;
  checked: string[];
  options: { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((o) => (
        <label key={o.value} className={cn(CHIP, CHECKBOX_CHIP_ON, CHECKBOX_CHIP_FOCUS, "relative cursor-pointer")}>
          <input
            type="checkbox"
            name={name}
            value={o.value}
            defaultChecked={checked.includes(o.value)}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
