"use client";

import { useLocale, useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";

/**
 * The newsletter's open health alerts (failed or stalled send, missed Friday) at the top of every admin
 * section, until the condition clears. Polls every 30 s, so a failure shows without reloading.
 */
export function NewsletterAlertsBanner() {
  const t = useTranslations("adminNewsletters");
  const locale = useLocale() === "en" ? "en" : "es";
  const alerts = api.admin.newsletters.alerts.useQuery({ locale }, { refetchInterval: 30_000 });
  if (!alerts.data?.length) return null;
  return (
    <div
      role="alert"
      data-testid="newsletter-alerts"
      className="mb-6 rounded-md border border-accent/40 bg-accent/5 px-4 py-3 text-sm text-accent-text"
    >
      <p className="font-semibold">{t("alertsTitle")}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {alerts.data.map((a) => (
          <li key={a.key} data-testid="newsletter-alert" data-kind={a.kind}>
            {a.message}
            {a.emailed ? <span className="ml-2 text-xs text-muted">({t("alertEmailed")})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
