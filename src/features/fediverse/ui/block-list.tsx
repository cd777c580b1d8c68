"use client";

import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { Field, inputClass } from "~/ui/field.tsx";
import { FediverseSection, TextField } from "./section.tsx";
import { useAdminFediverseTexts, useFediverseOverview, useOverviewUpdate } from "./use-fediverse-admin.ts";

/** The block list: instances (domains) and accounts (actor URIs), added and lifted here. */
export function BlockList() {
  const t = useAdminFediverseTexts();
  const { data } = useFediverseOverview();
  const [kind, setKind] = useState<"domain" | "actor">("domain");
  const [value, setValue] = useState("");
  const add = api.admin.fediverse.addBlock.useMutation(useOverviewUpdate(t("blocked")));
  const remove = api.admin.fediverse.removeBlock.useMutation(useOverviewUpdate(t("unblocked")));
  if (!data) return null;
  return (
    <FediverseSection title={t("blocksTitle")} hint={t("blocksHint")} testId="fediverse-blocks">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ kind, value }, { onSuccess: () => setValue("") });
        }}
      >
        <Field id="fediverse-block-kind" label={t("kind")}>
          <select
            id="fediverse-block-kind"
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value === "actor" ? "actor" : "domain")}
          >
            <option value="domain">{t("kindDomain")}</option>
            <option value="actor">{t("kindActor")}</option>
          </select>
        </Field>
        <TextField id="fediverse-block-value" label={t("value")} value={value} onChange={setValue} />
        <Button type="submit" disabled={add.isPending || !value.trim()} data-testid="fediverse-block-add">
          {t("block")}
        </Button>
      </form>
      {data.blocks.length === 0 ? (
        <p className="text-sm text-muted">{t("blocksEmpty")}</p>
      ) : (
        <ul className="divide-y divide-ink/10 text-sm">
          {data.blocks.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 py-1" data-testid="fediverse-block-row">
              <span>
                <span className="text-muted">{b.kind === "domain" ? t("kindDomain") : t("kindActor")}: </span>
                <span className="font-mono break-all">{b.value}</span>
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => remove.mutate({ id: b.id })}>
                {t("unblock")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FediverseSection>
  );
}
