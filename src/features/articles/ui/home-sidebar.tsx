import type { ReactNode } from "react";
import { NewsletterSignup } from "~/features/newsletter/ui/newsletter-signup.tsx";
import { Link } from "~/platform/i18n/navigation.ts";

/** The home sidebar's newsletter box: the page's #newsletter target. */
export function HomeNewsletter({ title, text }: { title: string; text: string }) {
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
        <NewsletterSignup variant="block" source="home" />
      </div>
    </section>
  );
}

export function SidebarSection({
  title,
  href,
  linkLabel,
  testId,
  children,
}: {
  title: string;
  href: string;
  linkLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId}>
      <h2 className="mb-4 border-b-2 border-ink pb-2 font-serif text-xl font-bold">{title}</h2>
      <div className="space-y-4">{children}</div>
      <Link href={href} className="mt-4 inline-block text-sm font-semibold text-accent-text hover:underline">
        {linkLabel} →
      </Link>
    </section>
  );
}
