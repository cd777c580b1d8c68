import { Children, type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";
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
  /** Give the one child element (a link) the button's look instead of rendering a <button>. */
  asChild?: boolean;
};

/**
 * A button, or with `asChild` its child element in a button's clothes. The child keeps its own props (a
 * link's href, onClick) and gets the button's classes and the props given here: a clone, not Radix's Slot,
 * so a page that only renders buttons ships no component for it.
 */
export function Button({ variant = "primary", size = "md", asChild, className, children, ...props }: ButtonProps) {
  const classes = cn("btn", VARIANTS[variant], SIZES[size], className);
  if (asChild) {
    const child = Children.only(children);
    if (!isValidElement<{ className?: string }>(child)) throw new Error("Button asChild needs one element child");
    return cloneElement(child as ReactElement<{ className?: string }>, {
      ...props,
      ...child.props,
      className: cn(classes, child.props.className),
    });
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
