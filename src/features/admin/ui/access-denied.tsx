"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { toastOnNextPage } from "~/ui/toast.ts";

/** A signed-in non-admin opened the panel: the 'Acceso denegado' toast, then the home page (docs/product.md §6). */
export function AccessDenied() {
  const t = useTranslations("admin");
  const locale = useLocale() as Locale;
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // Home is a whole document (static parts the client router cannot show): loaded, with the toast carried.
    toastOnNextPage("error", t("accessDeniedTitle"), { description: t("accessDeniedText") });
    window.location.replace(localizedPath("/", locale));
  }, [locale, t]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center text-muted" data-testid="admin-access-denied">
      {t("checking")}
    </main>
  );
}
