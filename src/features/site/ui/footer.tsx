import { FOOTER_POLICIES, policyPath } from "~/features/editorial/index.ts";
import { FediverseFollowUs } from "~/features/fediverse/ui/follow-us.tsx";
import { FooterNewsletter } from "~/features/newsletter/ui/footer-newsletter.tsx";
import { newsletterSignupTexts } from "~/features/newsletter/ui/newsletter-signup-texts.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { useLocale, useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { StaticMarkup } from "~/ui/static-markup/static-markup.tsx";
import { LanguageButtons } from "./language-toggle.tsx";
import { Logo } from "./logo.tsx";
import { NAV_ITEMS } from "./nav-items.ts";

/** Shared footer (docs/product.md §2): brand with RSS and newsletter, navigation, services, information, copyright. */
export function SiteFooter() {
  const t = useTranslations("footer");
  const nav = useTranslations("nav");
  const home = useTranslations("home");
  const policies = useTranslations("trust.policies");
  const locale = useLocale() as Locale;
  return (
    <footer data-testid="site-footer">
      <FooterNewsletter
        title={home("newsletterTitle")}
        text={home("newsletterText")}
        texts={newsletterSignupTexts(locale)}
      />
      <div className="bg-ink text-paper">
        {/* Links and texts only: static markup, in the HTML but not again in the page's payload. */}
        <StaticMarkup as="div" className="wrap grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
          <div>
            <Logo inverted />
            <p className="mt-4 text-sm leading-relaxed text-paper/80">{t("about")}</p>
            <ul className="footer-links mt-4 flex gap-4 text-sm">
              <li>
                <a href={locale === "en" ? "/en/rss" : "/rss"}>{t("rss")}</a>
              </li>
              <li>
                <a href="#newsletter">{t("newsletter")}</a>
              </li>
            </ul>
            <FediverseFollowUs locale={locale} className="mt-4 text-sm text-paper/80" />
          </div>
          <FooterColumn title={t("navigation")}>
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <Link href={item.href}>{nav(item.key)}</Link>
              </li>
            ))}
          </FooterColumn>
          <FooterColumn title={t("services")}>
            <li>
              <Link href="/servicios">{t("services")}</Link>
            </li>
            <li>
              <Link href="/servicios#formacion">{t("training")}</Link>
            </li>
            <li>
              <Link href="/servicios#auditorias">{t("audits")}</Link>
            </li>
            <li>
              <Link href="/servicios#colaboraciones">{t("collaborations")}</Link>
            </li>
            <li>
              <Link href="/contacto">{t("contact")}</Link>
            </li>
          </FooterColumn>
          <FooterColumn title={t("information")}>
            <li>
              <Link href="/metodologia">{t("methodology")}</Link>
            </li>
            <li>
              <Link href="/publicidad">{t("advertising")}</Link>
            </li>
            <li>
              <a href="/sitemap.xml">{t("sitemap")}</a>
            </li>
          </FooterColumn>
          <FooterColumn title={policies("footerTitle")}>
            {FOOTER_POLICIES.map((p) => (
              <li key={p.key}>
                <Link href={policyPath(p)} data-testid={`footer-policy-${p.anchor}`}>
                  {policies(`${p.key}.title`)}
                </Link>
              </li>
            ))}
          </FooterColumn>
        </StaticMarkup>
        <div className="border-t border-paper/15">
          <div className="footer-bar">
            <p>{t("copyright")}</p>
            <LanguageButtons texts={{ languages: t("languages"), spanish: t("spanish"), english: t("english") }} />
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="footer-heading">{title}</h2>
      <ul className="footer-column">{children}</ul>
    </div>
  );
}
