import type { FeedItem } from "~/platform/providers/feeds.ts";
import { GROUNDING_RULES, type GroundSource, sourceBlock } from "./grounded-prompt.ts";
import type { RunPlan } from "./run-plan.ts";

const LANGUAGE = { es: "español de España", en: "British English" } as const;

const TONE: Record<string, string> = {
  profesional: "profesional y preciso",
  academico: "académico, con matices y definiciones",
  divulgativo: "divulgativo, claro para el público general",
  critico: "crítico y analítico, señalando limitaciones y riesgos",
};

const OUTPUT_RULES = (plan: RunPlan) =>
  [
    `Write in ${LANGUAGE[plan.language]}. Tone: ${TONE[plan.tone] ?? plan.tone}.`,
    `Body: Markdown (## subheadings, paragraphs, lists), about ${plan.targetLength} words, no H1.`,
    "Summary: 1–2 sentences. Topics: up to 4 lowercase slugs such as regulacion, seguridad-alignment, " +
      "trabajo-economia, etica-sesgos, tecnica-modelos, desinformacion-deepfakes, riesgos-existenciales, " +
      "regulacion-politicas. Tags: up to 6 short keywords.",
    "Sources: only official public sources (EU institutions, national authorities, OECD, NIST, UN bodies…) " +
      "with their exact URLs. Never invent a URL, a figure or a quotation.",
  ].join("\n");

/** The sources' own text, numbered, and how to tie sentences to them (every type but interviews). */
const grounded = (plan: RunPlan, sources: GroundSource[], extra: string) =>
  [
    "Sources:",
    sourceBlock(sources, [...plan.topics, ...plan.keywords, plan.instructions, extra].join(" ")),
    GROUNDING_RULES,
  ].join("\n");

/** The drafting prompt of each agent type. */
export function draftPrompt(
  plan: RunPlan,
  material: { brief: string; items: FeedItem[] },
  sources: GroundSource[] = [],
) {
  const titles = material.items.map((i) => i.title).join(" ");
  const subject = plan.topics.length ? `Subject areas: ${plan.topics.join(", ")}.` : "";
  const instructions = plan.instructions ? `Editor's instructions:\n${plan.instructions}` : "";
  switch (plan.kind) {
    case "news-aggregator":
      return {
        system: plan.systemPrompt,
        user: [
          "Summarise the following official sources, the pages of news items from official bodies, into one",
          "news article.",
          subject,
          instructions,
          grounded(plan, sources, titles),
          OUTPUT_RULES(plan),
        ].join("\n"),
      };
    case "interview-generator":
      return {
        system: `${plan.systemPrompt}\nYou edit interviews. You never invent or paraphrase quotes of real people.`,
        user: [
          "Turn the editor-supplied material below into an interview article: a short introduction and",
          "question-and-answer sections (### questions, answers as block quotes). Every answer must be taken",
          "verbatim from the material; if the material has no answer to a question, leave the question out.",
          "List in `sources` only URLs that appear in the material (none if it has none).",
          "Material:",
          "<<<",
          plan.material,
          ">>>",
          OUTPUT_RULES(plan),
        ].join("\n"),
      };
    case "perplexity-generator":
      return {
        system: plan.systemPrompt,
        user: [
          "Write a news article on the latest official developments from the sources below.",
          subject,
          instructions,
          grounded(plan, sources, material.brief),
          OUTPUT_RULES(plan),
        ].join("\n"),
      };
    default:
      return {
        system: plan.systemPrompt,
        user: [
          "Write an analysis article from the sources below.",
          subject,
          instructions,
          grounded(plan, sources, titles),
          OUTPUT_RULES(plan),
        ].join("\n"),
      };
  }
}

export function researchPrompt(plan: RunPlan) {
  return {
    system: plan.systemPrompt,
    user: [
      "Find the most recent developments (last 30 days) from official public sources on:",
      plan.topics.join(", ") || "AI risks and regulation",
      plan.instructions,
      "Answer with concise research notes.",
    ].join("\n"),
  };
}

export function translationPrompt(target: "es" | "en", draft: { title: string; summary: string; body: string }) {
  return {
    system: "You are a professional editorial translator. Keep Markdown, links and quotations exactly.",
    user: [
      `Translate this article into ${LANGUAGE[target]}. Do not add or remove information.`,
      "Keep every source marker such as [1] or [1, 3] at the end of the same sentence, unchanged.",
      "Keep figures and dates exact (write them in the target language's usual format).",
      `Title: ${draft.title}`,
      `Summary: ${draft.summary}`,
      "Body:",
      draft.body,
    ].join("\n"),
  };
}
