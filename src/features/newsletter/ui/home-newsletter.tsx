import type { Locale } from "~/platform/i18n/locales.ts";
import { NewsletterSignup } from "./newsletter-signup.tsx";
import { newsletterSignupTexts } from "./newsletter-signup-texts.ts";

/** The home sidebar's newsletter box: the page's #newsletter target. */
export function HomeNewsletter({ title, text, locale }: { title: string; text: string; locale: Locale }) {
  return (
    <section
      aria-labelledby="home-newsletter-title"
      className="border-4 border-ink bg-surface p-5"
      data-testid="home-newsletter"
    >
      <h2 id="home-newsletter-title" className="font-serif text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-muted">{text}</p>
      <div className="mt-4">
        <NewsletterSignup variant="block" source="home" texts={newsletterSignupTexts(locale)} />
      </div>
    </section>
  );
}
