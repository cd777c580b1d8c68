"use client";

import { usePathname } from "~/platform/i18n/link.tsx";
import { NewsletterSignup } from "./newsletter-signup.tsx";
import type { NewsletterSignupTexts } from "./newsletter-signup-texts.ts";

/**
 * The footer's signup block, so the header's newsletter button has a target on every page. On the home page
 * the sidebar already holds the block (one #newsletter per page).
 */
export function FooterNewsletter({
  title,
  text,
  texts,
}: {
  title: string;
  text: string;
  texts: NewsletterSignupTexts;
}) {
  const pathname = usePathname();
  if (pathname === "/") return null;
  return (
    <section className="border-t border-rule bg-sand/60" aria-labelledby="footer-newsletter-title">
      <div className="wrap grid gap-6 py-10 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="footer-newsletter-title" className="font-serif text-2xl font-bold">
            {title}
          </h2>
          <p className="mt-2 text-muted">{text}</p>
        </div>
        <NewsletterSignup variant="block" source="footer" texts={texts} />
      </div>
    </section>
  );
}
