"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useRouter } from "~/platform/i18n/navigation.ts";
import { toast } from "~/ui/toast.ts";

/** A signed-in non-admin opened the panel: the 'Acceso denegado' toast, then the home page (docs/product.md §6). */
export function AccessDenied() {
  const t = useTranslations("admin");
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // A fixed id: a repeated effect replaces the toast instead of stacking a second one.
    toast.error(t("accessDeniedTitle"), { id: "admin-access-denied", description: t("accessDeniedText") });
    router.replace("/");
  }, [router, t]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center text-muted" data-testid="admin-access-denied">
      {t("checking")}
    </main>
  );
}
