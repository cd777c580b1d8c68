"use client";

import { useTranslations } from "next-intl";
import type { RouterOutputs } from "~/trpc/react.tsx";

type Newsletter = RouterOutputs["admin"]["newsletters"]["list"][number];

/** A sent newsletter's health and reach: the provider's delivery reports and the clicks on each item. */
export function NewsletterStats({ newsletter: n }: { newsletter: Newsletter }) {
  const t = useTranslations("adminNewsletters");
  if (n.status === "draft" || n.status === "pending" || n.status === "approved") return null;
  const clicks = n.clicks ?? [];
  const total = clicks.reduce((a, b) => a + b, 0);
  return (
    <div className="mt-1 space-y-1 text-xs text-muted">
      {n.delivery ? (
        <p
          data-testid="newsletter-delivery"
          data-delivered={n.delivery.delivered}
          data-bounced={n.delivery.bounced}
          data-complained={n.delivery.complained}
        >
          {t("delivery", n.delivery)}
        </p>
      ) : null}
      <details>
        <summary data-testid="newsletter-clicks-total" data-total={total}>
          {t("clicks")}: {t("clicksTotal", { count: total })}
        </summary>
        <ol className="mt-1 list-decimal pl-5">
          {n.items.map((item, i) => (
            <li key={`${item.kind}:${item.slug}`} data-testid="newsletter-item-clicks" data-clicks={clicks[i] ?? 0}>
              {item.title_es}: {clicks[i] ?? 0}
            </li>
          ))}
        </ol>
      </details>
      {n.slug && n.status === "sent" ? (
        <a href={`/newsletter/${n.slug}`} target="_blank" rel="noopener" className="underline">
          {t("webVersion")}
        </a>
      ) : null}
    </div>
  );
}
