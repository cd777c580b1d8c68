"use client";

import { useTranslations } from "next-intl";
import { DeliveriesPanel } from "./deliveries-panel.tsx";

/** Admin › Fediverso: the site on the fediverse as an operator runs it (docs/fediverse.md). */
export function FediverseTab() {
  const t = useTranslations("adminFediverseDeliveries");
  return (
    <section data-testid="admin-tab-fediverse" className="space-y-6">
      <h2 className="font-serif text-2xl font-bold">{t("tabTitle")}</h2>
      <DeliveriesPanel />
    </section>
  );
}
