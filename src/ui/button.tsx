import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

const VARIANTS = {
  primary: "bg-accent text-accent-ink hover:bg-accent-strong",
  secondary: "bg-ink text-paper hover:bg-ink/85",
  outline: "border border-ink/25 bg-surface text-ink hover:border-ink/60 hover:bg-paper",
  ghost: "text-ink hover:bg-ink/5",
  link: "text-accent-text underline-offset-4 hover:underline px-0",
} as const;
const SIZES = { sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base" } as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a link) with the button's look (Radix Slot). */
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn("btn", VARIANTS[variant], SIZES[size], className)} {...props} />;
}
