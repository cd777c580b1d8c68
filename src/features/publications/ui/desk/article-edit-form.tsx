"use client";

import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ArticleDto } from "~/features/articles/schema.ts";
import type { ArticleEditInput } from "~/features/publications/schema.ts";
import { CONTENT_TYPES, TOPICS } from "~/platform/i18n/taxonomy.ts";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { Field, inputClass } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { CorrectionFields, correctionInput, NO_CORRECTION } from "./correction-fields.tsx";
import { MarkdownField } from "./markdown-field.tsx";
import { type SourceRow, SourcesEditor } from "./sources-editor.tsx";

type Lang = "es" | "en";
type Texts = Record<`${"title" | "summary" | "body"}_${Lang}`, string>;

function initialTexts(a: ArticleDto): Texts {
  return {
    title_es: a.title_es,
    title_en: a.title_en ?? "",
    summary_es: a.summary_es,
    summary_en: a.summary_en ?? "",
    body_es: a.body_es,
    body_en: a.body_en ?? "",
  };
}

/** Only what changed, as PATCH /api/articles/{slug} takes it (empty English texts stay untouched). */
function changes(a: ArticleDto, texts: Texts, rest: Omit<ArticleEditInput, "slug">): Omit<ArticleEditInput, "slug"> {
  const out: Record<string, unknown> = {};
  const before = initialTexts(a);
  for (const key of Object.keys(texts) as (keyof Texts)[]) {
    if (texts[key] !== before[key] && !(key.endsWith("_en") && !texts[key].trim())) out[key] = texts[key];
  }
  const current: Record<string, unknown> = a;
  for (const [key, value] of Object.entries(rest)) {
    if (JSON.stringify(value) !== JSON.stringify(current[key] ?? null)) out[key] = value;
  }
  return out;
}

/**
 * The desk's "Editar" mode: Spanish and English side by side, Markdown bodies with a live preview, the
 * sources with their allow-list badges. Save, or save and approve. A published article citing a source off
 * the list asks for the editor's explicit confirmation (recorded with the revision).
 */
export function ArticleEditForm(props: {
  article: ArticleDto;
  onCancel: () => void;
  onSaved: (a: ArticleDto) => void;
  onSaveAndApprove: (a: ArticleDto) => void;
  /** A public correction note to start from (a reader's report opens the form with its text). */
  initialCorrectionNote?: string;
}) {
  const t = useTranslations("adminDesk");
  const errorText = useErrorText();
  const tax = useTranslations("taxonomy");
  const a = props.article;
  const [texts, setTexts] = useState<Texts>(() => initialTexts(a));
  const [topics, setTopics] = useState<string[]>(a.topics);
  const [tags, setTags] = useState(a.tags.join(", "));
  const [type, setType] = useState(a.type);
  const [sources, setSources] = useState<SourceRow[]>(a.sources);
  const [authorName, setAuthorName] = useState(a.author_name ?? "");
  const [imageUrl, setImageUrl] = useState(a.image_url ?? "");
  const [sponsored, setSponsored] = useState(a.sponsored);
  const [sponsorLabel, setSponsorLabel] = useState(a.sponsor_label ?? "");
  const [needsConfirm, setNeedsConfirm] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [correction, setCorrection] = useState({ ...NO_CORRECTION, note_es: props.initialCorrectionNote ?? "" });
  const [correctionRequired, setCorrectionRequired] = useState(false);
  const edit = api.admin.publications.edit.useMutation();

  const submit = async (approve: boolean) => {
    setError(null);
    const patch = changes(a, texts, {
      topics: topics as ArticleEditInput["topics"],
      tags: tags
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      type: type as ArticleEditInput["type"],
      sources,
      author_name: authorName.trim() || null,
      image_url: imageUrl.trim() || null,
      sponsored,
      sponsor_label: sponsorLabel.trim() || null,
    });
    try {
      const saved = Object.keys(patch).length
        ? await edit.mutateAsync({
            slug: a.slug,
            ...patch,
            ...(a.status === "published" ? correctionInput(correction) : {}),
            confirm_unofficial_sources: confirmed || undefined,
          })
        : a;
      toast.success(t("saved"));
      (approve ? props.onSaveAndApprove : props.onSaved)(saved);
    } catch (err) {
      type ErrorData = { code?: string; field?: string; zodIssues?: { path: string; message: string }[] | null };
      const data = err instanceof TRPCClientError ? (err.data as ErrorData | null) : null;
      if (data?.field === "correction_note_es") {
        setCorrectionRequired(true);
        setError(errorText(err));
      } else if (data?.code === "CONFLICT" && data.field === "sources") {
        setNeedsConfirm(true);
        setError(t("unofficialNeedsConfirmation"));
      } else if (data?.zodIssues?.length) {
        setError(data.zodIssues.map((i) => `${i.path}: ${i.message}`).join("; "));
      } else setError(`${t("saveFailed")}: ${errorText(err)}`);
    }
  };

  const text = (key: keyof Texts) => ({
    value: texts[key],
    onChange: (v: string) => setTexts((prev) => ({ ...prev, [key]: v })),
  });
  const column = (lang: Lang) => (
    <div className="space-y-3" data-testid={`desk-column-${lang}`}>
      <h3 className="font-semibold">{lang === "es" ? t("spanish") : t("english")}</h3>
      <Field label={t("fields.title")} id={`desk-title-${lang}`}>
        <input id={`desk-title-${lang}`} className={inputClass} {...bind(text(`title_${lang}`))} />
      </Field>
      <Field label={t("fields.summary")} id={`desk-summary-${lang}`}>
        <textarea id={`desk-summary-${lang}`} className={`${inputClass} min-h-20`} {...bind(text(`summary_${lang}`))} />
      </Field>
      <MarkdownField id={`desk-body-${lang}`} label={t("fields.body")} {...text(`body_${lang}`)} />
    </div>
  );

  return (
    <form
      className="space-y-5"
      data-testid="desk-edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {column("es")}
        {column("en")}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("fields.topics")}</legend>
        <div className="flex flex-wrap gap-3">
          {TOPICS.map((topic) => (
            <label key={topic} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={topics.includes(topic)}
                onChange={(e) => setTopics(e.target.checked ? [...topics, topic] : topics.filter((x) => x !== topic))}
              />
              {tax(`topics.${topic}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={t("fields.type")} id="desk-type">
          <select id="desk-type" className={inputClass} value={type} onChange={(e) => setType(e.target.value)}>
            {CONTENT_TYPES.map((ct) => (
              <option key={ct} value={ct}>
                {tax(`types.${ct}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("fields.tags")} id="desk-tags">
          <input id="desk-tags" className={inputClass} {...bind({ value: tags, onChange: setTags })} />
        </Field>
        <Field label={t("fields.authorName")} id="desk-author">
          <input id="desk-author" className={inputClass} {...bind({ value: authorName, onChange: setAuthorName })} />
        </Field>
        <Field label={t("fields.imageUrl")} id="desk-image">
          <input id="desk-image" className={inputClass} {...bind({ value: imageUrl, onChange: setImageUrl })} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={sponsored} onChange={(e) => setSponsored(e.target.checked)} />
          {t("fields.sponsored")}
        </label>
        <Field label={t("fields.sponsorLabel")} id="desk-sponsor-label">
          <input
            id="desk-sponsor-label"
            className={inputClass}
            {...bind({ value: sponsorLabel, onChange: setSponsorLabel })}
          />
        </Field>
      </div>
      <SourcesEditor sources={sources} onChange={setSources} />
      {a.status !== "published" ? <p className="text-xs text-muted">{t("unofficialKeepsInReview")}</p> : null}
      {a.status === "published" ? (
        <CorrectionFields value={correction} onChange={setCorrection} required={correctionRequired} />
      ) : null}
      {needsConfirm ? (
        <label className="flex items-center gap-2 text-sm font-semibold" data-testid="desk-confirm-unofficial">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          {t("confirmUnofficial")}
        </label>
      ) : null}
      {error ? (
        <p className="rounded-md bg-accent/10 p-3 text-sm font-semibold" role="alert" data-testid="desk-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t("backToPreview")}
        </Button>
        <Button type="submit" variant="secondary" disabled={edit.isPending} data-testid="desk-save">
          {edit.isPending ? t("saving") : t("save")}
        </Button>
        {a.status !== "published" ? (
          <Button
            type="button"
            disabled={edit.isPending}
            onClick={() => void submit(true)}
            data-testid="desk-save-approve"
          >
            {t("saveAndApprove")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function bind(f: { value: string; onChange: (v: string) => void }) {
  return {
    value: f.value,
    onChange: (e: { target: { value: string } }) => f.onChange(e.target.value),
  };
}
