import { getTranslations } from "next-intl/server";
import type { Locale } from "~/platform/i18n/locales.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { POLICIES } from "../policies.ts";

/** Extra links some policies carry (the corrections list, whose English path is translated; the contact form). */
const linksFor = (locale: Locale): Partial<Record<(typeof POLICIES)[number]["key"], string>> => ({
  corrections: locale === "en" ? "/corrections" : "/correcciones",
  feedback: "/contacto",
});

/**
 * "Nuestras políticas" on /metodologia: one section per policy, each with its stable anchor (the targets of the
 * footer's links and of the NewsMediaOrganization JSON-LD). `masthead` holds the newsroom's author pages.
 */
export async function PolicySections({ locale, masthead }: { locale: Locale; masthead?: React.ReactNode }) {
  const t = await getTranslations({ locale, namespace: "trust.policies" });
  const links = linksFor(locale);
  return (
    <section aria-labelledby="policies" className="mt-14 space-y-8" data-testid="policies">
      <h2 id="policies" className="font-serif text-3xl font-bold">
        {t("title")}
      </h2>
      {POLICIES.map((p) => (
        <section key={p.key} id={p.anchor} aria-labelledby={`${p.anchor}-title`} className="scroll-mt-24">
          <h3 id={`${p.anchor}-title`} className="font-serif text-xl font-bold">
            {t(`${p.key}.title`)}
          </h3>
          <p className="mt-2 leading-relaxed">
            {t(`${p.key}.body`)}
            {links[p.key] && (
              <>
                {" "}
                <Link href={links[p.key] ?? "/"} className="text-accent-text underline">
                  {links[p.key]}
                </Link>
              </>
            )}
          </p>
          {p.key === "masthead" && masthead}
        </section>
      ))}
    </section>
  );
}
