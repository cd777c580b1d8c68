"use client";

import * as ToggleGroupPrimitive from "@radix-ui/react-toggle-group";
import { cn } from "./cn.ts";

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
        <ToggleGroupPrimitive.Item
          key={o.value}
          value={o.value}
          className={cn(
            "rounded-full border px-3 py-1 text-sm transition-colors",
            "border-ink/20 bg-surface text-ink hover:border-ink/50",
            "data-[state=on]:border-ink data-[state=on]:bg-ink data-[state=on]:text-paper",
          )}
        >
          {o.label}
        </ToggleGroupPrimitive.Item>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}
