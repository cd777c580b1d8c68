import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

// Short names (globals.css): badges repeat on every card, and each class list travels in the HTML and the payload.
const VARIANTS = {
  default: "badge-ink",
  secondary: "badge-sand",
  outline: "badge-outline",
  destructive: "badge-accent",
  neutral: "badge-neutral",
  sponsored: "badge-sponsor",
  new: "badge-new",
} as const;
export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({
  variant = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return <span className={cn(VARIANTS[variant], className)} {...props} />;
}
