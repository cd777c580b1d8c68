import { type CONTENT_TYPES, TOPICS } from "~/platform/i18n/taxonomy.ts";
import {
  ANGLES,
  CLOSERS,
  ENTITY_KINDS,
  HEADINGS,
  OBJECTS,
  type Pair,
  RARE_TERMS,
  SUBJECTS,
  SYLLABLES,
  TAGS,
  VERBS,
} from "./article-vocabulary.ts";
import { mulberry32, pick, type Rng, weighted, zipfSampler } from "./seeded-random.ts";

/**
 * Deterministic generator of realistic bilingual articles for the scale benchmarks: Spanish and English
 * titles, summaries and bodies of a few paragraphs built from an AI-risk vocabulary (the two languages say
 * the same thing), varied topics, types, tags and dates over ~3 years, mostly published. Word frequencies
 * span very common ("inteligencia", "riesgo"), medium (entity names, Zipf-distributed) and rare words
 * (RARE_TERMS), so full-text queries of every selectivity have realistic hit counts. Dates are random with
 * respect to insertion order: a worst case for heap locality (a live site inserts roughly in date order).
 */

/** ~400 invented organisation names (Zipf-distributed mentions: a few common, most rare). */
function entityNames(rng: Rng): string[] {
  const names = new Set<string>();
  while (names.size < 400) {
    const n = 2 + Math.floor(rng() * 2);
    let w = "";
    for (let i = 0; i < n; i++) w += pick(rng, SYLLABLES);
    names.add(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return [...names];
}

/** The invented organisation names, most mentioned first (names[k] is in ~0.5% of articles at k = 100). */
export function entityNamesByFrequency(seed = DEFAULT_SEED): string[] {
  return entityNames(mulberry32(seed ^ 0x5eed));
}

export interface GeneratedArticle {
  id: string;
  slug: string;
  title_es: string;
  title_en: string | null;
  summary_es: string;
  summary_en: string | null;
  body_es: string;
  body_en: string | null;
  date: Date;
  topics: string[];
  type: string;
  tags: string[];
  sources: { name: string; url: string }[];
  author: string;
  author_name: string;
  sponsored: boolean;
  sponsor_label: string | null;
  featured: boolean;
  is_static: boolean;
  is_agent: boolean;
  status: "published" | "draft" | "rejected";
  published_at: Date | null;
}

export interface GeneratorOptions {
  seed?: number;
  /** The newest article's date; the articles spread over `years` (default 3) before it. */
  end?: Date;
  years?: number;
}

const DEFAULT_SEED = 20261121;

const TYPE_WEIGHTS: Record<(typeof CONTENT_TYPES)[number], number> = {
  noticia: 50,
  analisis: 25,
  "novedad-industria": 8,
  recurso: 9,
  entrevista: 8,
};

/** The most frequent tag, and a rare one (only on the ~0.1% of articles about neurorights). */
export const COMMON_TAG = TAGS[0]!;
export const RARE_TAG = "neuroderechos";

/** The default end of the generated date range: fixed, so the corpus (and its date filters) never drift. */
export const DEFAULT_END = new Date("2026-11-21T12:00:00.000Z");

const slugify = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 70)
    .replace(/-$/, "");

/** Yields `count` articles; article i is the same for a given seed whatever the count. */
export function* generateArticles(count: number, opts: GeneratorOptions = {}): Generator<GeneratedArticle> {
  const seed = opts.seed ?? DEFAULT_SEED;
  const end = (opts.end ?? DEFAULT_END).getTime();
  const spanMs = (opts.years ?? 3) * 365.25 * 86_400_000;
  const entities = entityNamesByFrequency(seed);
  const entityIndex = zipfSampler(entities.length, 1);
  const tagIndex = zipfSampler(TAGS.length, 0.8);
  const topicIndex = zipfSampler(TOPICS.length, 0.6);

  for (let i = 0; i < count; i++) {
    const rng = mulberry32(seed + i * 7919);
    const topics = [...new Set(Array.from({ length: 1 + Math.floor(rng() * 3) }, () => TOPICS[topicIndex(rng)]!))];
    const objects = topics.flatMap((t) => OBJECTS[t]);
    const entity = (): Pair => {
      const name = entities[entityIndex(rng)]!;
      const [kes, ken] = pick(rng, ENTITY_KINDS);
      return [`${kes} ${name}`, `${ken} ${name}`];
    };
    const rare = RARE_TERMS.filter((r) => rng() < r.share);

    const sentence = (): Pair => {
      const o = pick(rng, objects);
      const c = pick(rng, CLOSERS);
      switch (Math.floor(rng() * 5)) {
        case 0: {
          const s = pick(rng, SUBJECTS);
          const v = pick(rng, VERBS);
          return [`${s[0]} ${v[0]} ${o[0]} ${c[0]}.`, `${s[1]} ${v[1]} ${o[1]} ${c[1]}.`];
        }
        case 1:
          return [
            `El debate sobre ${o[0]} se intensifica ${c[0]}.`,
            `The debate over ${o[1]} is intensifying ${c[1]}.`,
          ];
        case 2: {
          const e = entity();
          const o2 = pick(rng, objects);
          return [
            `Según ${e[0]}, para abordar ${o[0]} hay que revisar ${o2[0]}.`,
            `According to ${e[1]}, addressing ${o[1]} means revisiting ${o2[1]}.`,
          ];
        }
        case 3:
          return [
            `Los expertos consultados coinciden en que ${o[0]} seguirá marcando la agenda ${c[0]}.`,
            `The experts consulted agree that ${o[1]} will keep shaping the agenda ${c[1]}.`,
          ];
        default: {
          const n = 3 + Math.floor(rng() * 40);
          const year = 2019 + Math.floor(rng() * 8);
          return [
            `En ${year}, ${n} organizaciones firmaron un compromiso sobre ${o[0]}.`,
            `In ${year}, ${n} organisations signed a commitment on ${o[1]}.`,
          ];
        }
      }
    };
    const paragraph = (): Pair => {
      const ss = Array.from({ length: 3 + Math.floor(rng() * 4) }, sentence);
      return [ss.map((s) => s[0]).join(" "), ss.map((s) => s[1]).join(" ")];
    };

    const subject = pick(rng, SUBJECTS);
    const verb = pick(rng, VERBS);
    const object = pick(rng, objects);
    const angle = rng() < 0.4 ? pick(rng, ANGLES) : null;
    const title: Pair = [
      `${subject[0]} ${verb[0]} ${object[0]}${angle ? `: ${angle[0]}` : ""}`,
      `${subject[1]} ${verb[1]} ${object[1]}${angle ? `: ${angle[1]}` : ""}`,
    ];
    const lead = sentence();
    const summary: Pair = [
      `${lead[0]} Repasamos qué implica para la inteligencia artificial en Europa.`,
      `${lead[1]} We review what it means for artificial intelligence in Europe.`,
    ];
    const bodyEs: string[] = [];
    const bodyEn: string[] = [];
    const sections = 3 + Math.floor(rng() * 3);
    for (let s = 0; s < sections; s++) {
      const h = pick(rng, HEADINGS);
      const p = paragraph();
      bodyEs.push(`## ${h[0]}\n\n${p[0]}`);
      bodyEn.push(`## ${h[1]}\n\n${p[1]}`);
    }
    for (const r of rare) {
      bodyEs.push(`El caso también afecta a ${r.es}, un asunto aún poco estudiado.`);
      bodyEn.push(`The case also touches on ${r.en}, a still little-studied issue.`);
    }

    const date = new Date(end - Math.floor(rng() * spanMs));
    const status = weighted(rng, { published: 90, draft: 8, rejected: 2 });
    const sponsored = rng() < 0.02;
    const spanishOnly = rng() < 0.05;
    const tags = [...new Set(Array.from({ length: 2 + Math.floor(rng() * 4) }, () => TAGS[tagIndex(rng)]!))];
    if (rare.some((r) => r.es === RARE_TAG)) tags.push(RARE_TAG);
    const isAgent = rng() < 0.15;
    const author = sponsored ? `${pick(rng, entities)} Labs` : isAgent ? "Agente Riesgos IA" : "Redacción Riesgos IA";
    yield {
      id: `bench${i.toString(36).padStart(8, "0")}`,
      slug: `${slugify(title[0])}-${i.toString(36)}`,
      title_es: title[0],
      title_en: spanishOnly ? null : title[1],
      summary_es: summary[0],
      summary_en: spanishOnly ? null : summary[1],
      body_es: bodyEs.join("\n\n"),
      body_en: spanishOnly ? null : bodyEn.join("\n\n"),
      date,
      topics,
      type: sponsored ? "novedad-industria" : weighted(rng, TYPE_WEIGHTS),
      tags: [...new Set(tags)],
      sources: [{ name: `Fuente ${1 + (i % 50)}`, url: `https://example.org/fuente/${i}` }],
      author,
      author_name: sponsored ? `${author} (contenido patrocinado)` : author,
      sponsored,
      sponsor_label: sponsored ? "Novedad de la industria" : null,
      featured: status === "published" && rng() < 0.01,
      is_static: rng() < 0.002,
      is_agent: isAgent,
      status,
      published_at: status === "published" ? new Date(date.getTime() + 3_600_000) : null,
    };
  }
}
