"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { Field, inputClass } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toast } from "~/ui/toast.ts";
import {
  AGENT_DEFAULTS,
  AGENT_STATUSES,
  AGENT_TONES,
  AGENT_TYPES,
  type AgentDto,
  agentCreateSchema,
} from "../schema.ts";
import { useShowSavedAgent } from "./saved-agent.ts";

interface FormState {
  name: string;
  type: (typeof AGENT_TYPES)[number];
  description: string;
  status: (typeof AGENT_STATUSES)[number];
  topics: string;
  targetLength: string;
  tone: (typeof AGENT_TONES)[number];
  language: "es" | "en";
  customPrompt: string;
  generateImage: boolean;
  publicInterest: boolean;
  sourceUrls: string;
  keywords: string;
  material: string;
  api_keys_enabled: boolean;
  auto_publish: boolean;
}

function initialState(agent: AgentDto | null): FormState {
  const c = agent?.config.content;
  return {
    name: agent?.name ?? "",
    type: agent?.type ?? AGENT_DEFAULTS.type,
    description: agent?.description ?? "",
    status: agent?.status ?? AGENT_DEFAULTS.status,
    topics: (c?.topics ?? AGENT_DEFAULTS.topics).join(", "),
    targetLength: String(c?.targetLength ?? AGENT_DEFAULTS.targetLength),
    tone: c?.tone ?? AGENT_DEFAULTS.tone,
    language: c?.language ?? AGENT_DEFAULTS.language,
    customPrompt: c?.customPrompt ?? "",
    generateImage: c?.generateImage ?? false,
    publicInterest: c?.publicInterest ?? false,
    sourceUrls: (c?.sourceUrls ?? []).join("\n"),
    keywords: (agent?.config.newsApi.keywords ?? []).join(", "),
    material: agent?.config.interview.material ?? "",
    api_keys_enabled: agent?.api_keys_enabled ?? AGENT_DEFAULTS.api_keys_enabled,
    auto_publish: agent?.auto_publish ?? AGENT_DEFAULTS.auto_publish,
  };
}

/** Create and edit dialogs (docs/product.md §2/§3): the same zod schema as the server checks the config first. */
export function AgentFormDialog(props: { open: boolean; agent: AgentDto | null; onClose: () => void }) {
  const t = useTranslations("adminAgents");
  const trustT = useTranslations("trust.admin");
  const errorText = useErrorText();
  // The shared schema's messages are the API's (English); the form speaks the admin's language.
  const issueText = (issue: { code: string; path: PropertyKey[]; maximum?: unknown }) => {
    if (issue.path.at(-1) === "targetLength") return t("form.validation.range", { min: 200, max: 2000 });
    if (issue.code === "too_small") return t("form.validation.required");
    if (issue.code === "too_big") return t("form.validation.tooLong", { max: Number(issue.maximum) });
    return t("form.validation.invalid");
  };
  const [form, setForm] = useState<FormState>(() => initialState(props.agent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (props.open) {
      setForm(initialState(props.agent));
      setErrors({});
    }
  }, [props.open, props.agent]);

  const showSaved = useShowSavedAgent();
  const done = (message: string, saved: AgentDto) => {
    toast.success(message);
    showSaved(saved);
    props.onClose();
  };
  const create = api.admin.agents.create.useMutation({
    onSuccess: (saved) => done(t("toasts.created"), saved),
    onError: (e) => toast.error(t("toasts.errorTitle"), { description: `${t("toasts.create")}: ${errorText(e)}` }),
  });
  const update = api.admin.agents.update.useMutation({
    onSuccess: (saved) => done(t("toasts.updated"), saved),
    onError: (e) => toast.error(t("toasts.errorTitle"), { description: `${t("toasts.update")}: ${errorText(e)}` }),
  });
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      name: form.name,
      type: form.type,
      description: form.description,
      config: {
        content: {
          topics: form.topics,
          targetLength: form.targetLength,
          tone: form.tone,
          language: form.language,
          customPrompt: form.customPrompt,
          generateImage: form.generateImage,
          publicInterest: form.publicInterest,
          sourceUrls: form.sourceUrls,
        },
        newsApi: { keywords: form.keywords },
        interview: { material: form.material },
      },
      api_keys_enabled: form.api_keys_enabled,
      auto_publish: form.auto_publish,
    };
    const parsed = agentCreateSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[issue.path.includes("sourceUrls") ? "sourceUrls" : String(issue.path.at(-1))] ??= issueText(issue);
      setErrors(next);
      return;
    }
    setErrors({});
    if (props.agent) update.mutate({ ...parsed.data, id: props.agent.id, status: form.status });
    else create.mutate(parsed.data);
  };

  const id = (name: string) => `agent-${name}`;
  const select = (name: keyof FormState, options: readonly string[], label: (o: string) => string) => (
    <select
      id={id(name)}
      className={inputClass}
      value={String(form[name])}
      onChange={(e) => set(name, e.target.value as never)}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
  const checkbox = (name: "generateImage" | "api_keys_enabled" | "auto_publish" | "publicInterest", label: string) => (
    <label className="flex items-center gap-2 text-sm" htmlFor={id(name)}>
      <input id={id(name)} type="checkbox" checked={form[name]} onChange={(e) => set(name, e.target.checked)} />
      {label}
    </label>
  );

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.agent ? t("form.editTitle") : t("form.createTitle")}
      testId="agent-form-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label={t("form.name")} id={id("name")} error={errors.name}>
          <input
            id={id("name")}
            className={inputClass}
            value={form.name}
            onChange={(e) => set("name", e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.type")} id={id("type")}>
            {select("type", AGENT_TYPES, (o) => t(`types.${o}`))}
          </Field>
          {props.agent ? (
            <Field label={t("form.status")} id={id("status")}>
              {select("status", AGENT_STATUSES, (o) => t(`statuses.${o}`))}
            </Field>
          ) : null}
        </div>
        <Field label={t("form.description")} id={id("description")}>
          <input
            id={id("description")}
            className={inputClass}
            value={form.description}
            onChange={(e) => set("description", e.target.value)}
          />
        </Field>
        <Field label={t("form.topics")} id={id("topics")} error={errors.topics}>
          <input
            id={id("topics")}
            className={inputClass}
            value={form.topics}
            onChange={(e) => set("topics", e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("form.targetLength")} id={id("targetLength")} error={errors.targetLength}>
            <input
              id={id("targetLength")}
              inputMode="numeric"
              className={inputClass}
              value={form.targetLength}
              onChange={(e) => set("targetLength", e.target.value)}
            />
          </Field>
          <Field label={t("form.tone")} id={id("tone")}>
            {select("tone", AGENT_TONES, (o) => t(`tones.${o}`))}
          </Field>
          <Field label={t("form.language")} id={id("language")}>
            {select("language", ["es", "en"], (o) => t(`languages.${o}`))}
          </Field>
        </div>
        <Field label={t("form.customPrompt")} id={id("customPrompt")}>
          <textarea
            id={id("customPrompt")}
            rows={3}
            className={inputClass}
            value={form.customPrompt}
            onChange={(e) => set("customPrompt", e.target.value)}
          />
        </Field>
        {form.type === "article-generator" ? (
          <Field
            label={t("form.sourceUrls")}
            id={id("sourceUrls")}
            hint={t("form.sourceUrlsHint")}
            error={errors.sourceUrls}
          >
            <textarea
              id={id("sourceUrls")}
              rows={3}
              className={inputClass}
              value={form.sourceUrls}
              onChange={(e) => set("sourceUrls", e.target.value)}
            />
          </Field>
        ) : null}
        {form.type === "news-aggregator" ? (
          <Field label={t("form.keywords")} id={id("keywords")} error={errors.keywords}>
            <input
              id={id("keywords")}
              className={inputClass}
              value={form.keywords}
              onChange={(e) => set("keywords", e.target.value)}
            />
          </Field>
        ) : null}
        {form.type === "interview-generator" ? (
          <Field label={t("form.material")} id={id("material")} hint={t("form.materialHint")} error={errors.material}>
            <textarea
              id={id("material")}
              rows={6}
              className={inputClass}
              value={form.material}
              onChange={(e) => set("material", e.target.value)}
            />
          </Field>
        ) : null}
        <div className="space-y-2">
          {checkbox("generateImage", t("form.generateImage"))}
          {checkbox("api_keys_enabled", t("form.apiKeys"))}
          {checkbox("auto_publish", t("autoPublish"))}
          <p className="text-xs text-muted">{t("form.autoPublishHint")}</p>
          {checkbox("publicInterest", trustT("publicInterest"))}
        </div>
        <div className="flex justify-end gap-2 border-t border-ink/10 pt-4">
          <Button type="button" variant="outline" onClick={props.onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="agent-form-submit">
            {pending ? t("form.saving") : props.agent ? t("form.save") : t("form.create")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
