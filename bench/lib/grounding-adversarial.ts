/**
 * The adversarial corpus: drafts written the way someone trying to slip a fabrication past the verifier would
 * write them, each built from a faithful draft over the five sources of adversarial-sources.ts with one change
 * (the figure rewrites here, the other attacks in adversarial-attacks.ts).
 * Every case states the finding that must catch it (check, language and, where it matters, the field).
 */
import type { Lang } from "~/features/grounding/verification/types.ts";
import { attackCases } from "./adversarial-attacks.ts";
import {
  type AdvCase,
  advSources,
  bump,
  faithfulBase,
  kindCases,
  noDot,
  rebody,
  type Variant,
} from "./adversarial-drafts.ts";
import { ADV_FACTS, type AdvFact } from "./adversarial-facts.ts";

/** Replaces, in one language, the body sentence of a fact by the attacker's variant of it. */
function variantCase(kind: string, variant: Variant, lang: Lang | "both", count: number): AdvCase[] {
  return kindCases(count, (i) => {
    const b = faithfulBase(i);
    const l: Lang = lang === "both" ? (i % 2 ? "en" : "es") : lang;
    const k = b.facts.findIndex((f, idx) => idx > 1 && f[variant]);
    const fact = b.facts[k];
    if (!fact?.[variant]) return null;
    const d = b[l];
    const sentences = d.sentences.map((s, idx) => (idx === k - 1 ? { ...s, text: fact[variant]?.[l] ?? s.text } : s));
    return {
      name: `${kind}:${fact.id}:${l}:${i}`,
      kind,
      drafts: l === "es" ? [rebody({ ...d, sentences }), b.en] : [b.es, rebody({ ...d, sentences })],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang: l, field: "body" },
    };
  });
}

function fieldCase(kind: string, field: "title" | "summary", lang: Lang, count: number): AdvCase[] {
  return kindCases(count, (i) => {
    const b = faithfulBase(i);
    const d = b[lang];
    const value = d[field] ?? "";
    // Half the time a mechanical digit change, half the time a scale or decimal variant of the same fact.
    const fact = b.facts[field === "title" ? 0 : 1] as AdvFact;
    const variant = (["scale1000", "decimal", "scale1e6"] as const).find((v) => fact[v]);
    const wrong = i % 2 && variant ? (fact[variant]?.[lang] ?? "") : bump(value);
    const changed = field === "title" ? noDot(wrong) : wrong;
    if (!/\d/.test(value) || changed === value) return null;
    const drafts = lang === "es" ? [{ ...d, [field]: changed }, b.en] : [b.es, { ...d, [field]: changed }];
    return {
      name: `${kind}:${fact.id}:${i}`,
      kind,
      drafts,
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang, field },
    };
  });
}

export function buildAdversarial(): { faithful: AdvCase[]; attacks: AdvCase[] } {
  const faithful: AdvCase[] = [];
  for (let i = 0; i < 2 * ADV_FACTS.length + 12; i++) {
    const b = faithfulBase(i);
    faithful.push({ name: `faithful:${i}`, kind: null, drafts: [b.es, b.en], sources: advSources(), expect: null });
  }
  const attacks: AdvCase[] = [
    ...fieldCase("title_figure_es", "title", "es", 8),
    ...fieldCase("title_figure_en", "title", "en", 8),
    ...fieldCase("summary_figure_es", "summary", "es", 8),
    ...fieldCase("summary_figure_en", "summary", "en", 8),
    ...variantCase("scale_x1000_es", "scale1000", "es", 8),
    ...variantCase("scale_x1000_en", "scale1000", "en", 8),
    ...variantCase("scale_x1e6_es", "scale1e6", "es", 6),
    ...variantCase("scale_x1e6_en", "scale1e6", "en", 6),
    ...variantCase("decimal_es", "decimal", "es", 8),
    ...variantCase("decimal_en", "decimal", "en", 8),
    ...variantCase("unit_mismatch", "unit", "both", 10),
    ...variantCase("wrong_date", "date", "both", 8),
    ...attackCases(),
  ];
  return { faithful, attacks };
}
