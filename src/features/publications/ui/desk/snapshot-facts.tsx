"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import type { sourceFactsSchema } from "~/features/grounding/schema.ts";
import { api } from "~/trpc/react.tsx";

type SourceFacts = z.infer<typeof sourceFactsSchema>;

/** A large act can state thousands of figures: the desk lists the first ones and says how many more. */
const MAX_QUOTES = 100;
const MAX_FIGURES = 200;

/**
 * What one source states, as the extractor read it: its quotations first (the words, who says them, their
 * role, and how the speaker was found), then its figures as a table of kind and value.
 */
export function SnapshotFactsView({ facts }: { facts: SourceFacts }) {
  const t = useTranslations("adminDesk.verification.facts");
  const quotes = facts.quotes.slice(0, MAX_QUOTES);
  const figures = facts.figures.slice(0, MAX_FIGURES);
  return (
    <div className="space-y-2 text-xs" data-testid="snapshot-facts">
      <h6 className="font-semibold">{t("quotes")}</h6>
      {quotes.length ? (
        <ul className="space-y-1" data-testid="snapshot-quotes">
          {quotes.map((q) => (
            <li key={`${q.line}|${q.text}`} data-how={q.how}>
              «{q.text}» —{" "}
              {q.speaker ? (
                <>
                  <strong>{q.speaker.name ?? q.speaker.role}</strong>
                  {q.speaker.name && q.speaker.role ? `, ${q.speaker.role}` : null}
                </>
              ) : (
                <em>{t("unknownSpeaker")}</em>
              )}{" "}
              <span className="text-muted">({t(`how.${q.how}`)})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">{t("noQuotes")}</p>
      )}
      {facts.quotes.length > quotes.length ? (
        <p className="text-muted">{t("more", { count: facts.quotes.length - quotes.length })}</p>
      ) : null}
      <h6 className="font-semibold">{t("figures")}</h6>
      {figures.length ? (
        <table className="w-full text-left" data-testid="snapshot-figures">
          <thead>
            <tr>
              <th scope="col">{t("kind")}</th>
              <th scope="col">{t("value")}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((f) => (
              <tr key={`${f.line}|${f.key}|${f.raw}`} data-kind={f.kind}>
                <td>{t(`kinds.${f.kind}`)}</td>
                <td title={f.key}>{f.raw}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted">{t("noFigures")}</p>
      )}
      {facts.figures.length > figures.length ? (
        <p className="text-muted">{t("more", { count: facts.figures.length - figures.length })}</p>
      ) : null}
    </div>
  );
}

function SnapshotFacts({ id }: { id: string }) {
  const t = useTranslations("adminDesk.verification.facts");
  // The same query as the copy's text: opening both fetches the snapshot once.
  const snapshot = api.admin.verification.snapshot.useQuery({ id });
  return snapshot.data ? <SnapshotFactsView facts={snapshot.data.facts} /> : <p>{t("loading")}</p>;
}

/** A source's facts behind a <details>, fetched only when an editor opens it. */
export function SnapshotFactsDetails({ id }: { id: string }) {
  const t = useTranslations("adminDesk.verification.facts");
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="snapshot-facts-details">
      <summary className="cursor-pointer">{t("label")}</summary>
      {open ? <SnapshotFacts id={id} /> : null}
    </details>
  );
}
