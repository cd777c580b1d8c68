"use client";

import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/ui/button.tsx";
import { scrollToNewsletter } from "./newsletter-scroll.ts";

/** A link to #newsletter that, with JavaScript, scrolls smoothly there and focuses the e-mail input. */
export function NewsletterScrollButton({
  children,
  variant = "outline",
  size = "md",
  className,
}: {
  children: ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      {/* biome-ignore lint/a11y/useValidAnchor: a real #newsletter link without JavaScript, enhanced with it */}
      <a
        href="#newsletter"
        onClick={(event) => {
          if (scrollToNewsletter()) event.preventDefault();
        }}
      >
        {children}
      </a>
    </Button>
  );
}
