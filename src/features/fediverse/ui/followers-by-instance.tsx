"use client";

import { FediverseSection } from "./section.tsx";
import { useAdminFediverseTexts, useFediverseOverview } from "./use-fediverse-admin.ts";

/** How many follow each actor from each instance, busiest first. */
export function FollowersByInstance() {
  const t = useAdminFediverseTexts();
  const { data } = useFediverseOverview();
  if (!data) return null;
  const rows = data.followersByInstance;
  return (
    <FediverseSection title={t("followersTitle")} testId="fediverse-followers">
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("followersEmpty")}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1">{t("instance")}</th>
              <th className="py-1 text-right">@{data.profiles.find((p) => p.actor === "noticias")?.handle}</th>
              <th className="py-1 text-right">@{data.profiles.find((p) => p.actor === "news")?.handle}</th>
              <th className="py-1 text-right">{t("total")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.host} className="border-t border-ink/10" data-testid="fediverse-instance-row">
                <td className="py-1 font-mono">{r.host}</td>
                <td className="py-1 text-right">{r.noticias}</td>
                <td className="py-1 text-right">{r.news}</td>
                <td className="py-1 text-right font-semibold">{r.noticias + r.news}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </FediverseSection>
  );
}
