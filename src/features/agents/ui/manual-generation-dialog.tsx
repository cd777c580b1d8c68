"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { Field, inputClass } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toast } from "~/ui/toast.ts";
import { MANUAL_CONTENT_TYPES, sourceUrlsSchema } from "../schema.ts";

type ContentType = (typeof MANUAL_CONTENT_TYPES)[number];

/** docs/product.md §2 "Manual content generation": lands a draft in Pendientes through the agents' pipeline. */
export function ManualGenerationDialog(props: { open: boolean; onClose: () => void; onStarted: () => void }) {
  const t = useTranslations("adminPublications");
  const defaults = api.admin.manualGeneration.defaults.useQuery(undefined, { enabled: props.open });
  const [contentType, setContentType] = useState<ContentType>("article");
  const [authorName, setAuthorName] = useState("");
  const [userPrompt, setUserPrompt] = useState("");
  // SPEC's blank-prompt text: the button stays disabled while the prompt is blank, so the text shows as the
  // field's error when the blank field is left or Enter is pressed in it.
  const [promptError, setPromptError] = useState<string | null>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [systemPrompt, setSystemPrompt] = useState("");
  const [generateImage, setGenerateImage] = useState(true);
  const [sourceUrls, setSourceUrls] = useState("");

  useEffect(() => {
    if (defaults.data) {
      setAuthorName((current) => current || defaults.data.authorName);
      setSystemPrompt((current) => current || defaults.data.systemPrompt);
    }
  }, [defaults.data]);

  // A new opening starts without the last one's error.
  useEffect(() => {
    if (props.open) setPromptError(null);
  }, [props.open]);

  const reset = () => {
    setUserPrompt("");
    setPromptError(null);
    setSourceUrls("");
    setAuthorName(defaults.data?.authorName ?? "");
  };
  const generate = api.admin.manualGeneration.generate.useMutation({
    onSuccess: (res) => {
      if (!res.success) {
        toast.error(t("toasts.errorTitle"), { description: t("toasts.generate") });
        return;
      }
      toast.success(t("toasts.generated"), { description: t("toasts.generatedDescription") });
      reset();
      props.onStarted();
      props.onClose();
    },
    onError: () => toast.error(t("toasts.errorTitle"), { description: t("toasts.generate") }),
  });

  const blankPrompt = () => {
    if (userPrompt.trim()) return false;
    setPromptError(t("toasts.promptRequired"));
    return true;
  };
  /** Enter in the blank prompt, or in a one-line field while the prompt is blank, names the missing prompt. */
  const enterWithBlankPrompt = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (target !== promptRef.current && target.tagName !== "INPUT") return;
    if (!blankPrompt()) return;
    event.preventDefault();
    promptRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blankPrompt()) {
      promptRef.current?.focus();
      return;
    }
    if (!sourceUrlsSchema.safeParse(sourceUrls).success) {
      toast.error(t("toasts.errorTitle"), { description: t("toasts.badSourceUrls") });
      return;
    }
    generate.mutate({ userPrompt, systemPrompt, contentType, generateImage, authorName, sourceUrls });
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("manual.title")}
      description={t("manual.description")}
      testId="manual-generation-dialog"
      wide
    >
      <form onSubmit={submit} onKeyDown={enterWithBlankPrompt} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("manual.contentType")} id="manual-type">
            <select
              id="manual-type"
              className={inputClass}
              value={contentType}
              onChange={(e) => setContentType(e.target.value as ContentType)}
            >
              {MANUAL_CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`manual.types.${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("manual.authorName")} id="manual-author">
            <input
              id="manual-author"
              className={inputClass}
              value={authorName}
              onChange={(e) => setAuthorName(e.target.value)}
            />
          </Field>
        </div>
        <Field label={t("manual.userPrompt")} id="manual-prompt" error={promptError}>
          <textarea
            id="manual-prompt"
            ref={promptRef}
            rows={5}
            required
            className={inputClass}
            placeholder={t("manual.userPromptPlaceholder")}
            value={userPrompt}
            onChange={(e) => {
              setUserPrompt(e.target.value);
              if (e.target.value.trim()) setPromptError(null);
            }}
            onBlur={blankPrompt}
          />
        </Field>
        <Field label={t("manual.sourceUrls")} id="manual-sources" hint={t("manual.sourceUrlsHint")}>
          <textarea
            id="manual-sources"
            rows={3}
            className={inputClass}
            placeholder="https://digital-strategy.ec.europa.eu/…"
            value={sourceUrls}
            onChange={(e) => setSourceUrls(e.target.value)}
          />
        </Field>
        <Field label={t("manual.systemPrompt")} id="manual-system">
          <textarea
            id="manual-system"
            rows={4}
            className={inputClass}
            value={systemPrompt}
            onChange={(e) => setSystemPrompt(e.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm" htmlFor="manual-image">
          <input
            id="manual-image"
            type="checkbox"
            checked={generateImage}
            onChange={(e) => setGenerateImage(e.target.checked)}
          />
          {t("manual.generateImage")}
        </label>
        <div className="flex justify-end gap-2 border-t border-ink/10 pt-4">
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              reset();
              props.onClose();
            }}
          >
            {t("manual.cancel")}
          </Button>
          <Button type="submit" disabled={generate.isPending || !userPrompt.trim()} data-testid="manual-submit">
            {generate.isPending ? t("manual.submitting") : t("manual.submit")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
