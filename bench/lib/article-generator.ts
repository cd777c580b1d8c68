import pg from "pg";
import { type CONTENT_TYPES, TOPICS } from "~/platform/i18n/taxonomy.ts";

/**
 * Deterministic generator of realistic bilingual articles for the scale benchmarks: Spanish and English
 * titles, summaries and bodies of a few paragraphs built from an AI-risk vocabulary (the two languages say
 * the same thing), varied topics, types, tags and dates over ~3 years, mostly published. Word frequencies
 * span very common ("inteligencia", "riesgo"), medium (entity names, Zipf-distributed) and rare words
 * (RARE_TERMS), so full-text queries of every selectivity have realistic hit counts. Dates are random with
 * respect to insertion order: a worst case for heap locality (a live site inserts roughly in date order).
 */

/** A seeded PRNG (mulberry32): the same seed yields the same corpus on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
type Pair = readonly [es: string, en: string];

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** Index drawn from a Zipf-like distribution over n items (item 0 most frequent). */
function zipfSampler(n: number, s = 1): (rng: Rng) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) {
    total += 1 / k ** s;
    cumulative.push(total);
  }
  return (rng) => {
    const x = rng() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function weighted<T extends string>(rng: Rng, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let x = rng() * entries.reduce((a, [, w]) => a + w, 0);
  for (const [value, w] of entries) {
    x -= w;
    if (x <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

const SUBJECTS: Pair[] = [
  ["La Comisión Europea", "The European Commission"],
  ["Un grupo de investigadores", "A group of researchers"],
  ["Los reguladores", "Regulators"],
  ["Un nuevo informe", "A new report"],
  ["La OCDE", "The OECD"],
  ["Varios laboratorios de inteligencia artificial", "Several artificial intelligence labs"],
  ["El Parlamento Europeo", "The European Parliament"],
  ["La AESIA", "AESIA"],
  ["Un consorcio académico", "An academic consortium"],
  ["Los sindicatos", "Trade unions"],
  ["Las organizaciones de consumidores", "Consumer organisations"],
  ["El gobierno británico", "The UK government"],
  ["La Casa Blanca", "The White House"],
  ["Una auditoría independiente", "An independent audit"],
  ["El Consejo de la Unión Europea", "The Council of the European Union"],
  ["Un equipo de periodistas de datos", "A team of data journalists"],
  ["La UNESCO", "UNESCO"],
  ["El Instituto de Seguridad de la IA", "The AI Security Institute"],
];

const VERBS: Pair[] = [
  ["analiza", "analyses"],
  ["propone nuevas reglas sobre", "proposes new rules on"],
  ["advierte sobre", "warns about"],
  ["publica un estudio sobre", "publishes a study on"],
  ["revisa", "reviews"],
  ["cuestiona", "questions"],
  ["pide más transparencia sobre", "calls for more transparency on"],
  ["abre una consulta pública sobre", "opens a public consultation on"],
  ["documenta", "documents"],
  ["evalúa", "evaluates"],
  ["presenta una guía sobre", "presents guidance on"],
  ["investiga", "investigates"],
];

/** Objects per topic: what articles of that topic talk about. */
const OBJECTS: Record<(typeof TOPICS)[number], Pair[]> = {
  regulacion: [
    ["las obligaciones del AI Act", "the AI Act obligations"],
    ["los sistemas de alto riesgo", "high-risk systems"],
    ["la supervisión de los modelos de uso general", "oversight of general-purpose models"],
    ["las sanciones por incumplimiento", "penalties for non-compliance"],
    ["los códigos de buenas prácticas", "codes of practice"],
    ["la evaluación de conformidad", "conformity assessment"],
    [
      "el registro europeo de sistemas de inteligencia artificial",
      "the EU database of artificial intelligence systems",
    ],
    ["las prácticas prohibidas", "prohibited practices"],
  ],
  "seguridad-alignment": [
    ["la alineación de los modelos de frontera", "the alignment of frontier models"],
    ["las evaluaciones de seguridad", "safety evaluations"],
    ["el comportamiento engañoso de los agentes", "the deceptive behaviour of agents"],
    ["la interpretabilidad mecanicista", "mechanistic interpretability"],
    ["los ataques de jailbreak", "jailbreak attacks"],
    ["el red teaming externo", "external red teaming"],
    ["la supervisión escalable", "scalable oversight"],
    ["la robustez frente a instrucciones maliciosas", "robustness against malicious prompts"],
  ],
  "trabajo-economia": [
    ["la automatización del trabajo administrativo", "the automation of clerical work"],
    ["la exposición de las ocupaciones a la IA generativa", "the exposure of occupations to generative AI"],
    ["la gestión algorítmica en las plataformas", "algorithmic management on platforms"],
    ["la productividad de los trabajadores", "worker productivity"],
    ["la desigualdad salarial", "wage inequality"],
    ["la recualificación profesional", "professional reskilling"],
    ["la concentración del mercado de modelos", "market concentration in models"],
  ],
  "etica-sesgos": [
    ["los sesgos algorítmicos en la contratación", "algorithmic bias in hiring"],
    ["la discriminación en la concesión de créditos", "discrimination in lending"],
    ["la transparencia de los sistemas de decisión", "the transparency of decision systems"],
    ["la privacidad de los datos personales", "the privacy of personal data"],
    ["la vigilancia biométrica", "biometric surveillance"],
    ["la equidad de los modelos", "model fairness"],
    ["el reconocimiento facial en espacios públicos", "facial recognition in public spaces"],
  ],
  "tecnica-modelos": [
    ["el entrenamiento de los grandes modelos de lenguaje", "the training of large language models"],
    ["la computación necesaria para entrenar", "the compute needed for training"],
    ["los modelos de pesos abiertos", "open-weight models"],
    ["las capacidades emergentes", "emergent capabilities"],
    ["los agentes autónomos", "autonomous agents"],
    ["los datos sintéticos", "synthetic data"],
    ["la eficiencia energética de los centros de datos", "the energy efficiency of data centres"],
  ],
  "desinformacion-deepfakes": [
    ["los deepfakes electorales", "election deepfakes"],
    ["las marcas de agua en el contenido sintético", "watermarks in synthetic content"],
    ["la clonación de voz", "voice cloning"],
    ["las campañas de desinformación", "disinformation campaigns"],
    ["la verificación de hechos", "fact-checking"],
    ["la procedencia del contenido", "content provenance"],
    ["las estafas con vídeos manipulados", "scams with manipulated videos"],
  ],
  "riesgos-existenciales": [
    ["el riesgo de pérdida de control", "the risk of loss of control"],
    ["la carrera hacia la AGI", "the race to AGI"],
    ["los riesgos catastróficos", "catastrophic risks"],
    ["la superinteligencia", "superintelligence"],
    ["las armas biológicas asistidas por inteligencia artificial", "AI-assisted biological weapons"],
    ["la gobernanza global de la inteligencia artificial", "the global governance of artificial intelligence"],
  ],
  "regulacion-politicas": [
    ["la estrategia nacional de inteligencia artificial", "the national artificial intelligence strategy"],
    ["la cooperación internacional", "international cooperation"],
    ["las políticas públicas de inteligencia artificial", "public policy on artificial intelligence"],
    ["los compromisos voluntarios de la industria", "voluntary industry commitments"],
    ["los institutos de seguridad de la IA", "AI safety institutes"],
    ["el control de exportaciones de chips", "chip export controls"],
    ["la contratación pública de algoritmos", "public procurement of algorithms"],
  ],
};

const CLOSERS: Pair[] = [
  ["según los datos disponibles", "according to the available data"],
  ["en los próximos meses", "in the coming months"],
  ["con consecuencias para toda la Unión", "with consequences for the whole Union"],
  ["pese a las críticas de la industria", "despite criticism from industry"],
  ["tras meses de negociaciones", "after months of negotiations"],
  ["en un contexto de creciente preocupación", "amid growing concern"],
  ["con especial atención a los menores", "with particular attention to minors"],
  ["y reclama más recursos para la supervisión", "and calls for more resources for oversight"],
  ["antes de que termine el año", "before the end of the year"],
  ["mientras crece el riesgo percibido por la ciudadanía", "while the risk perceived by citizens grows"],
];

const ANGLES: Pair[] = [
  ["qué cambia y para quién", "what changes and for whom"],
  ["las claves", "the key points"],
  ["lo que sabemos", "what we know"],
  ["preguntas abiertas", "open questions"],
  ["un análisis", "an analysis"],
  ["los plazos", "the deadlines"],
  ["riesgos y oportunidades", "risks and opportunities"],
];

const HEADINGS: Pair[] = [
  ["Contexto", "Background"],
  ["Qué dice el texto", "What the text says"],
  ["Reacciones", "Reactions"],
  ["Qué viene ahora", "What comes next"],
  ["Los datos", "The data"],
  ["Por qué importa", "Why it matters"],
];

/**
 * Rare words with the share of articles that mention them, for rare-word searches (e.g. "neuroderechos"
 * is in ~0.1% of articles).
 */
export const RARE_TERMS: { es: string; en: string; share: number }[] = [
  { es: "neuroderechos", en: "neurorights", share: 0.001 },
  { es: "cifrado homomórfico", en: "homomorphic encryption", share: 0.0005 },
  { es: "criptoanálisis", en: "cryptanalysis", share: 0.0002 },
  { es: "federalismo algorítmico", en: "algorithmic federalism", share: 0.0001 },
];

const TAGS = [
  "ai-act",
  "deepfakes",
  "alignment",
  "empleo",
  "gpai",
  "union-europea",
  "evaluaciones",
  "sesgo-algoritmico",
  "agi",
  "desplazamiento-laboral",
  "modelos-frontera",
  "privacidad",
  "elecciones",
  "compliance",
  "auditoria",
  "aisi",
  "ocde",
  "oit",
  "dsa",
  "nist-ai-rmf",
  "open-source",
  "chips",
  "copyright",
  "biometria",
  "reconocimiento-facial",
  "agentes",
  "ciberseguridad",
  "salud",
  "educacion",
  "infancia",
  "marcas-de-agua",
  "clonacion-de-voz",
  "interpretabilidad",
  "red-teaming",
  "energia",
  "centros-de-datos",
  "china",
  "estados-unidos",
  "reino-unido",
  "espana",
  "latinoamerica",
  "onu",
  "unesco",
  "g7",
  "sindicatos",
  "plataformas",
  "credito",
  "contratacion",
  "vigilancia",
  "desinformacion",
  "verificacion",
  "bioseguridad",
  "superinteligencia",
  "gobernanza",
  "transparencia",
  "datos-sinteticos",
  "computacion",
  "pesos-abiertos",
  "jailbreak",
  "robustez",
  "sandbox",
  "aesia",
  "parlamento-europeo",
  "consulta-publica",
  "codigo-de-practicas",
  "sanciones",
  "registro-ue",
  "exportaciones",
  "contratacion-publica",
];

const SYLLABLES = [
  "ka",
  "ve",
  "lo",
  "mar",
  "qui",
  "tra",
  "xen",
  "zo",
  "dri",
  "nal",
  "pho",
  "ser",
  "ul",
  "bri",
  "to",
  "vak",
];
const ENTITY_KINDS: Pair[] = [
  ["el laboratorio", "the lab"],
  ["la startup", "the startup"],
  ["la fundación", "the foundation"],
  ["el observatorio", "the observatory"],
];

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

const COLUMNS: [name: keyof GeneratedArticle, sqlType: string][] = [
  ["id", "text"],
  ["slug", "text"],
  ["title_es", "text"],
  ["title_en", "text"],
  ["summary_es", "text"],
  ["summary_en", "text"],
  ["body_es", "text"],
  ["body_en", "text"],
  ["date", "timestamptz"],
  ["topics", "text"],
  ["type", "text"],
  ["tags", "text"],
  ["sources", "text"],
  ["author", "text"],
  ["author_name", "text"],
  ["sponsored", "bool"],
  ["sponsor_label", "text"],
  ["featured", "bool"],
  ["is_static", "bool"],
  ["is_agent", "bool"],
  ["status", "text"],
  ["published_at", "timestamptz"],
];

/**
 * One multi-row INSERT per chunk: every column travels as one array parameter and is unnested server-side
 * (text[] columns as comma-joined strings, since unnest flattens multi-dimensional arrays).
 */
const INSERT_SQL = `INSERT INTO "articles" (${COLUMNS.map(([c]) => `"${c}"`).join(", ")}, "created_at", "updated_at")
SELECT id, slug, title_es, title_en, summary_es, summary_en, body_es, body_en, date,
       string_to_array(topics, ','), type, string_to_array(tags, ','), sources::jsonb, author, author_name,
       sponsored, sponsor_label, featured, is_static, is_agent, status::"ContentStatus", published_at, date, date
  FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})
    AS t(${COLUMNS.map(([c]) => c).join(", ")})`;

function toParams(rows: GeneratedArticle[]): unknown[] {
  return COLUMNS.map(([c]) =>
    rows.map((r) => {
      const v = r[c];
      if (c === "topics" || c === "tags") return (v as string[]).join(",");
      if (c === "sources") return JSON.stringify(v);
      return v;
    }),
  );
}

/**
 * Inserts `count` generated articles into the database at `url` in chunks, over `parallel` connections
 * (the generated tsvector columns make PostgreSQL's side CPU-bound). Returns the number inserted.
 */
export async function insertGeneratedArticles(
  url: string,
  count: number,
  opts: GeneratorOptions & { chunk?: number; parallel?: number; onProgress?: (done: number) => void } = {},
): Promise<number> {
  const chunk = opts.chunk ?? 1000;
  const pool = new pg.Pool({ connectionString: url, max: opts.parallel ?? 2 });
  const source = generateArticles(count, opts);
  let done = 0;
  const worker = async () => {
    for (;;) {
      const rows: GeneratedArticle[] = [];
      while (rows.length < chunk) {
        const r = source.next();
        if (r.done) break;
        rows.push(r.value);
      }
      if (!rows.length) return;
      await pool.query(INSERT_SQL, toParams(rows));
      done += rows.length;
      opts.onProgress?.(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, worker));
  } finally {
    await pool.end();
  }
  return done;
}
