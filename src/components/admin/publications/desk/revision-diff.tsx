"use client";

import { diffWords } from "diff";
import { useTranslations } from "next-intl";
import type { RevisionDto } from "~/shared/schemas/article-edit.ts";

const LANGUAGE_FIELDS = {
  es: ["title_es", "summary_es", "body_es"],
  en: ["title_en", "summary_en", "body_en"],
} as const;

const asText = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** A word-level diff (jsdiff): removed words struck through, added ones highlighted. */
function WordDiff({ before, after }: { before: string; after: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {diffWords(before, after).map((part, i) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity but their order.
          <ins key={i} className="bg-success/20 no-underline" data-testid="diff-added">
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity but their order.
          <del key={i} className="bg-accent/20" data-testid="diff-removed">
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity but their order.
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}

/** One revision's changes, per language (title, summary, body), then the other fields as before → after. */
export function RevisionDiff({
  revision,
  onRestoreField,
}: {
  revision: RevisionDto;
  /** Bring back just this field as it was after this revision. */
  onRestoreField?: (field: string) => void;
}) {
  const t = useTranslations("adminDesk");
  const changed = new Set(revision.fields);
  const languageFields = new Set<string>([...LANGUAGE_FIELDS.es, ...LANGUAGE_FIELDS.en]);
  const others = revision.fields.filter((f) => !languageFields.has(f));
  return (
    <div className="space-y-3 rounded-md border border-ink/15 p-3" data-testid="revision-diff">
      <div className="grid gap-4 md:grid-cols-2">
        {(["es", "en"] as const).map((lang) => {
          const fields = LANGUAGE_FIELDS[lang].filter((f) => changed.has(f));
          if (!fields.length) return <div key={lang} />;
          return (
            <section key={lang} className="space-y-2" data-testid={`revision-diff-${lang}`}>
              <h5 className="text-xs font-semibold uppercase tracking-wide text-muted">
                {lang === "es" ? t("spanish") : t("english")}
              </h5>
              {fields.map((f) => (
                <div key={f}>
                  <p className="flex items-center gap-2 font-mono text-xs text-muted">
                    {f}
                    {onRestoreField ? (
                      <button
                        type="button"
                        className="font-sans font-semibold text-accent-text underline"
                        onClick={() => onRestoreField(f)}
                        data-testid={`restore-field-${f}`}
                      >
                        {t("revisions.restoreField")}
                      </button>
                    ) : null}
                  </p>
                  <WordDiff before={asText(revision.before[f])} after={asText(revision.after[f])} />
                </div>
              ))}
            </section>
          );
        })}
      </div>
      {others.length ? (
        <section className="space-y-1">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-muted">{t("revisions.other")}</h5>
          {others.map((f) => (
            <div key={f} className="text-xs">
              <span className="font-mono">{f}</span>:{" "}
              <WordDiff before={asText(revision.before[f])} after={asText(revision.after[f])} />
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
