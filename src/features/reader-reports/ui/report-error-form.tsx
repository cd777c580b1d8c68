"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { DeferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { useLocale } from "~/platform/i18n/link.tsx";
import { fillText } from "~/platform/i18n/locales.ts";
import { Button } from "~/ui/button.tsx";
import { PostJsonError, postJson } from "~/ui/post-json.ts";
import { REPORT_MESSAGE_MAX } from "../limits.ts";

const fieldClass = "field py-2";
const EMPTY = { message: "", source_url: "", email: "" };
type Values = typeof EMPTY;
type Status = { kind: "idle" | "sending" | "sent" } | { kind: "refused"; text: string };

/**
 * "¿Has visto un error?" under an article: an island on the cached page posting to POST /api/reader-reports.
 * It notes when the form was shown (a person needs a few seconds) and carries a field only bots fill. It is
 * loaded when its disclosure opens (ReportErrorOnOpen), with its texts.
 */
export interface ReportErrorFormProps {
  slug: string;
  texts: DeferredTexts<"readerReports">;
}

export function ReportErrorForm({ slug, texts: t }: ReportErrorFormProps) {
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const shownAt = useRef<number | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // The form sends only once its script runs: before that the button stays disabled, so a press never sends
  // the fields as a GET query (the reader's address in a URL).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    shownAt.current = Date.now();
    setReady(true);
  }, []);

  const labels: Record<string, string> = { message: t.message, source_url: t.sourceUrl, email: t.email };
  function refusedText(err: unknown): string {
    if (!(err instanceof PostJsonError) || err.network) return t.failure;
    if (err.code === "TOO_MANY_REQUESTS") return t.tooMany;
    if (err.field === "started_at") return t.tooFast;
    const label = err.status === 400 && err.field ? labels[err.field] : undefined;
    return label ? fillText(t.invalid, { field: label }) : t.failure;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (status.kind === "sending") return;
    setStatus({ kind: "sending" });
    try {
      await postJson("/api/reader-reports", {
        slug,
        ...values,
        locale,
        website: honeypot.current?.value ?? "",
        started_at: shownAt.current ?? Date.now(),
      });
      setValues(EMPTY);
      setStatus({ kind: "sent" });
    } catch (err) {
      setStatus({ kind: "refused", text: refusedText(err) });
    }
  }

  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  if (status.kind === "sent")
    return (
      <p role="status" className="mt-4 text-sm" data-testid="report-error-sent">
        {t.success}
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="relative mt-4 space-y-4" data-testid="report-error-form">
      <div className="space-y-1">
        <label htmlFor={`${id}-message`} className="text-sm font-semibold">
          {t.message} <span className="text-xs font-normal text-muted">({t.required})</span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={4}
          maxLength={REPORT_MESSAGE_MAX}
          className={fieldClass}
          value={values.message}
          onChange={set("message")}
        />
        <p className="text-xs text-muted">{t.messageHint}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-source`} className="text-sm font-semibold">
            {t.sourceUrl}
          </label>
          <input
            id={`${id}-source`}
            name="source_url"
            type="url"
            maxLength={2000}
            className={fieldClass}
            value={values.source_url}
            onChange={set("source_url")}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-email`} className="text-sm font-semibold">
            {t.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            className={fieldClass}
            value={values.email}
            onChange={set("email")}
          />
          <p className="text-xs text-muted">{t.emailHint}</p>
        </div>
      </div>
      {/* Hidden from people and assistive tech; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t.website}</label>
        <input ref={honeypot} id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      {status.kind === "refused" && (
        <p role="alert" className="text-sm text-accent" data-testid="report-error-refused">
          {status.text}
        </p>
      )}
      <Button type="submit" disabled={!ready || status.kind === "sending"} data-testid="report-error-submit">
        {status.kind === "sending" ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
