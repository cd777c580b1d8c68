"use client";

import { diffWords } from "diff";
import { useTranslations } from "next-intl";
import type { RevisionDto } from "~/features/publications/schema.ts";

const LANGUAGE_FIELDS = {
  es: ["title_es", "summary_es", "body_es"],
  en: ["title_en", "summary_en", "body_en"],
} as const;

/** Message key (adminDesk.fields) of each revisioned field, without its language suffix. */
const FIELD_LABELS: Record<string, string> = {
  title: "title",
  summary: "summary",
  body: "body",
  topics: "topics",
  tags: "tags",
  type: "type",
  sources: "sources",
  author: "author",
  author_name: "authorName",
  image_url: "imageUrl",
  sponsored: "sponsored",
  sponsor_label: "sponsorLabel",
  status: "status",
  publish_at: "publishAt",
  featured: "featured",
  is_static: "isStatic",
};

/** A value as diffable text: sources one per line ("name — url"), lists comma-separated. */
function asText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v)) {
    return v
      .map((item) =>
        item && typeof item === "object" && "url" in item
          ? `${(item as { name?: string }).name ?? ""} — ${(item as { url: string }).url}`
          : String(item),
      )
      .join(v.some((item) => typeof item === "object") ? "\n" : ", ");
  }
  return JSON.stringify(v);
}

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
  const label = (field: string) => {
    const key = FIELD_LABELS[field.replace(/_(es|en)$/, "")];
    return key ? t(`fields.${key}` as "fields.title") : field;
  };
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
                  <p className="flex items-center gap-2 text-xs text-muted">
                    {label(f)}
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
              <span className="font-semibold">{label(f)}</span>:{" "}
              <WordDiff before={asText(revision.before[f])} after={asText(revision.after[f])} />
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
