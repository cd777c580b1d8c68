import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { fediverseActor } from "../lookup.ts";

/**
 * "Síguenos en el fediverso" with the language's `@handle@host`, rendered on the server (reader pages are
 * cached: the handle must be in their HTML); nothing while the fediverse is off or the site is private.
 */
export async function FediverseFollowUs({ locale, className }: { locale: Locale; className?: string }) {
  const actor = await fediverseActor(locale);
  if (!actor) return null;
  const t = translatorFor(locale, "fediverse");
  return (
    <p className={className} data-testid="fediverse-follow-us">
      {t("followUs")} <span className="font-mono font-semibold break-all">{actor.handle}</span>
    </p>
  );
}
