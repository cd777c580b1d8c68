"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Badge } from "~/ui/badge.tsx";
import { SnapshotFactsDetails } from "./snapshot-facts.tsx";

type FindingField = "title" | "summary" | "body";

/**
 * The claims the report found unsupported in one language and one field (quotations and figures, else the
 * sentence). Reports stored before fields were checked have body findings only.
 */
export function unsupportedClaims(
  report:
    | { findings: { lang: string; field?: FindingField; claim: string | null; sentence: string }[] }
    | null
    | undefined,
  lang: "es" | "en",
  field: FindingField = "body",
): string[] {
  return (report?.findings ?? [])
    .filter((f) => f.lang === lang && (f.field ?? "body") === field)
    .map((f) => f.claim || f.sentence);
}

function SnapshotText({ id }: { id: string }) {
  const snapshot = api.admin.verification.snapshot.useQuery({ id });
  return (
    <pre
      className="max-h-64 overflow-auto whitespace-pre-wrap rounded bg-ink/5 p-2 text-xs"
      data-testid="snapshot-text"
    >
      {snapshot.data?.text ?? "…"}
    </pre>
  );
}

/**
 * The draft's verification report: per source fetched ✓ / unreachable ✗ / off-list, per quotation and figure
 * found (with the passage) or not, the findings, and "Fuentes consultadas" (the snapshots, openable, each with
 * the quotations and figures it states).
 */
export function VerificationPanel({ slug }: { slug: string }) {
  const t = useTranslations("adminDesk.verification");
  const query = api.admin.verification.get.useQuery({ slug });
  const [open, setOpen] = useState<string | null>(null);
  const data = query.data;
  if (!data?.report) return null;
  const { report } = data;
  const variant = report.status === "verified" ? "secondary" : "destructive";
  return (
    <section className="space-y-3 rounded-md border border-ink/15 p-3 text-sm" data-testid="verification-panel">
      <div className="flex items-center gap-2">
        <h4 className="font-semibold">{t("title")}</h4>
        <Badge variant={variant} data-testid="verification-status" data-status={report.status}>
          {t(`status.${report.status}`)}
        </Badge>
      </div>
      <ul className="space-y-1" data-testid="verification-sources">
        {report.sources.map((s) => (
          <li key={s.n} data-state={s.state}>
            [{s.n}] {s.state === "fetched" ? "✓" : "✗"} {t(`source.${s.state}`)} ·{" "}
            <span className="break-all">{s.url}</span>
          </li>
        ))}
      </ul>
      {report.claims.length ? (
        <ul className="space-y-1" data-testid="verification-claims">
          {report.claims.map((c) => (
            <li key={`${c.lang}|${c.kind}|${c.claim}|${c.sentence}`} data-found={c.found}>
              {c.found ? "✓" : "✗"} ({c.lang}) {t(`claim.${c.kind}`)} «{c.claim}»{" "}
              {c.found ? (
                <span className="text-muted">
                  [{c.n}] {c.passage}
                </span>
              ) : (
                <strong>{t("notFound")}</strong>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {report.findings.length ? (
        <ul className="space-y-1" data-testid="verification-findings">
          {report.findings.map((f) => (
            <li
              key={`${f.lang}|${f.field}|${f.check}|${f.claim}|${f.sentence}`}
              className="rounded bg-accent/10 p-2"
              data-check={f.check}
              data-field={f.field ?? "body"}
              data-lang={f.lang}
            >
              <strong>
                ({f.lang} · {t(`fields.${f.field ?? "body"}`)}){" "}
                {t.has(`checks.${f.check}`) ? t(`checks.${f.check}` as "checks.quote_not_found") : f.check}
              </strong>
              : {f.sentence}
              {f.attribution ? (
                <span className="block" data-testid="finding-attribution">
                  {t("misattributed", { draft: f.attribution.draft, source: f.attribution.source ?? "—" })}
                </span>
              ) : null}
              {f.nearMatch ? (
                <span className="block text-muted">
                  {t("nearMatch")} [{f.nearMatch.n}] {f.nearMatch.passage}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {data.confirmation ? <p className="text-muted">{t("confirmedBy", { name: data.confirmation.by })}</p> : null}
      <div>
        <h5 className="font-semibold">{t("consulted")}</h5>
        <ul className="space-y-1" data-testid="consulted-sources">
          {data.snapshots.map((s) => (
            <li key={s.id}>
              <button type="button" className="underline" onClick={() => setOpen(open === s.id ? null : s.id)}>
                {s.ok ? "✓" : "✗"} {s.title || s.url}
              </button>{" "}
              <span className="text-muted">
                {s.status ?? s.reason} · {new Date(s.fetched_at).toLocaleString("es-ES")}
              </span>
              {s.truncated ? (
                <span className="text-muted" data-testid="snapshot-truncated">
                  {" "}
                  · {t("truncated")}
                </span>
              ) : null}
              {open === s.id ? <SnapshotText id={s.id} /> : null}
              {s.ok ? <SnapshotFactsDetails id={s.id} /> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
