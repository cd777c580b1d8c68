"use client";

/**
 * The newsletter signup block. `variant="block"` is the home/sidebar/footer block (anchor #newsletter, its
 * input gets focused by the header's newsletter button); `variant="contact"` is the one on /contacto.
 * Owned by the newsletter feature, which implements the states and texts of SPEC §4/§8.
 */
export function NewsletterSignup({ variant = "block" }: { variant?: "block" | "contact"; source?: string }) {
  return (
    <form id={variant === "block" ? "newsletter" : undefined} data-testid={`newsletter-${variant}`}>
      <input type="email" name="email" id={variant === "block" ? "newsletter-email" : "newsletter-email-contact"} />
    </form>
  );
}
