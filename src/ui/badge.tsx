import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

const VARIANTS = {
  default: "bg-ink text-paper tracking-wide",
  secondary: "bg-sand text-ink tracking-wide",
  outline: "border border-ink/30 text-ink tracking-wide",
  destructive: "bg-accent text-accent-ink tracking-wide",
  neutral: "bg-ink/[0.06] text-ink tracking-wide",
  sponsored: "bg-sponsor text-sponsor-ink tracking-wide",
  new: "bg-accent text-accent-ink tracking-widest",
} as const;
export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({
  variant = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return <span className={cn("badge", VARIANTS[variant], className)} {...props} />;
}
