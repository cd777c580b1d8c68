"use client";

import { api } from "~/trpc/react.tsx";
import { FediverseSection } from "./section.tsx";
import { useAdminFediverseTexts, useFediverseOverview, useOverviewUpdate } from "./use-fediverse-admin.ts";

/** The Note teaser and private-mode switches, each saved as it is ticked. */
export function PublishingSwitches() {
  const t = useAdminFediverseTexts();
  const { data } = useFediverseOverview();
  const save = api.admin.fediverse.saveSwitches.useMutation(useOverviewUpdate(t("saved")));
  if (!data) return null;
  const { switches } = data;
  const box = (name: "noteTeaser" | "privateMode", hint: string) => (
    <div>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          checked={switches[name]}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ ...switches, [name]: e.target.checked })}
          data-testid={`fediverse-${name}`}
        />
        {t(name)}
      </label>
      <p className="ml-6 text-xs text-muted">{hint}</p>
    </div>
  );
  return (
    <FediverseSection title={t("switchesTitle")} testId="fediverse-switches">
      {box("noteTeaser", t("noteTeaserHint"))}
      {box("privateMode", t("privateModeHint"))}
    </FediverseSection>
  );
}
