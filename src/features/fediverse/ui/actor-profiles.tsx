"use client";

import { useFormatter } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import type { FediverseOverview } from "../admin-schema.ts";
import { HANDLE_ALIAS_DAYS } from "../profiles-policy.ts";
import { FediverseSection, TextField } from "./section.tsx";
import { useAdminFediverseTexts, useFediverseOverview, useOverviewUpdate } from "./use-fediverse-admin.ts";

type Profile = FediverseOverview["profiles"][number];

/** One actor's handle, display name and summary; a saved change goes to its followers as Update(actor). */
function ProfileForm({ profile, host }: { profile: Profile; host: string }) {
  const t = useAdminFediverseTexts();
  const format = useFormatter();
  const [values, setValues] = useState({ handle: profile.handle, name: profile.name, summary: profile.summary });
  useEffect(() => setValues({ handle: profile.handle, name: profile.name, summary: profile.summary }), [profile]);
  const save = api.admin.fediverse.saveProfile.useMutation(useOverviewUpdate(t("saved")));
  const id = (field: string) => `fediverse-${profile.actor}-${field}`;
  return (
    <form
      className="space-y-2"
      data-testid={`fediverse-profile-${profile.actor}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ actor: profile.actor, ...values });
      }}
    >
      <h4 className="font-semibold">
        {profile.actor === "news" ? t("actorEn") : t("actorEs")}:{" "}
        <span className="font-mono">
          @{profile.handle}@{host}
        </span>
      </h4>
      {(["handle", "name", "summary"] as const).map((field) => (
        <TextField
          key={field}
          id={id(field)}
          label={t(field)}
          value={values[field]}
          rows={field === "summary" ? 2 : undefined}
          onChange={(v) => setValues({ ...values, [field]: v })}
        />
      ))}
      {profile.previousHandle && profile.previousUntil && profile.previousUntil > new Date() && (
        <p className="text-xs text-muted">
          {t("previousHandle", {
            handle: profile.previousHandle,
            host,
            until: format.dateTime(profile.previousUntil, { dateStyle: "medium" }),
          })}
        </p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending}>
        {t("save")}
      </Button>
    </form>
  );
}

/** Both actors' profiles. */
export function ActorProfiles() {
  const t = useAdminFediverseTexts();
  const { data } = useFediverseOverview();
  if (!data) return null;
  return (
    <FediverseSection
      title={t("profilesTitle")}
      hint={t("profilesHint", { days: HANDLE_ALIAS_DAYS })}
      testId="fediverse-profiles"
    >
      <div className="grid gap-6 md:grid-cols-2">
        {data.profiles.map((p) => (
          <ProfileForm key={p.actor} profile={p} host={data.host} />
        ))}
      </div>
    </FediverseSection>
  );
}
