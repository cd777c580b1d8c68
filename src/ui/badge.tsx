import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

const VARIANTS = {
  default: "bg-ink text-paper",
  secondary: "bg-sand text-ink",
  outline: "border border-ink/30 text-ink",
  destructive: "bg-accent text-accent-ink",
  neutral: "bg-ink/[0.06] text-ink",
  sponsored: "bg-sponsor text-sponsor-ink",
  new: "bg-accent text-accent-ink tracking-widest",
} as const;
export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({
  variant = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-sm px-2 py-0.5 font-sans text-[0.7rem] font-semibold uppercase leading-5 tracking-wide",
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
