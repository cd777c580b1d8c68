import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ContactForm } from "~/features/contact/ui/contact-form.tsx";
import { editorialContent } from "~/features/editorial/index.ts";
import { NewsletterSignup } from "~/features/newsletter/ui/newsletter-signup.tsx";
import { newsletterSignupTexts } from "~/features/newsletter/ui/newsletter-signup-texts.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { ClientTexts } from "~/ui/client-texts.tsx";
import { PageHeader } from "~/ui/page-header.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "contactPage" });
  return pageMetadata({ locale, path: "/contacto", title: t("title"), description: t("description") });
}

export default async function ContactPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("contactPage");
  const settings = await editorialContent.contactSettings();
  const privacy = settings ? pick(locale, settings.privacy_note_es, settings.privacy_note_en) : null;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("intro")}>
        <p className="mt-3 text-sm font-semibold" data-testid="response-time">
          {t("responseTime")}
        </p>
      </PageHeader>
      <div className="mt-10 grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="rounded-md border border-rule bg-surface p-6 md:p-8">
          <ClientTexts namespaces={["contactForm"]}>
            <ContactForm />
          </ClientTexts>
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="contact-newsletter" className="border-4 border-ink bg-surface p-5">
            <h2 id="contact-newsletter" className="font-serif text-xl font-bold">
              {t("newsletterTitle")}
            </h2>
            <p className="mt-2 text-sm text-muted">{t("newsletterText")}</p>
            <div className="mt-4">
              <NewsletterSignup variant="contact" source="contact" texts={newsletterSignupTexts(locale)} />
            </div>
          </section>
          {settings && settings.contact_channels.length > 0 && (
            <section aria-labelledby="channels">
              <h2 id="channels" className="kicker">
                {t("channels")}
              </h2>
              <ul className="mt-3 space-y-3 text-sm">
                {settings.contact_channels.map((c) => (
                  <li key={c.value}>
                    <span className="block text-muted">{c.label}</span>
                    <a
                      href={c.type === "email" ? `mailto:${c.value}` : c.value}
                      className="font-semibold text-accent-text underline underline-offset-2"
                    >
                      {c.value}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="privacy" data-testid="privacy-note">
            <h2 id="privacy" className="kicker">
              {t("privacy")}
            </h2>
            {privacy && <p className="mt-3 text-sm leading-relaxed text-muted">{privacy}</p>}
            <p className="mt-3 text-sm leading-relaxed text-muted" data-testid="analytics-privacy">
              {t("analyticsPrivacy")}
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}
