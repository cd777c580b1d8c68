"use client";

/** The /contacto form (SPEC §3 fields). Owned by the contact feature, which implements submit, states and texts. */
export function ContactForm() {
  return <form data-testid="contact-form" />;
}
