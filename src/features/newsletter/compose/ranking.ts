/**
 * How the weekly 'Top 5' is chosen (docs/product.md §1, and §2 /metodologia 'Selection Criteria'):
 *
 *   1. featured pieces first (the editors already said they matter most);
 *   2. then topic priority — high: regulation, existential/safety research, significant incidents, alignment;
 *      medium: labour impact, bias/fairness, privacy/digital rights, corporate transparency; else low.
 *      A piece takes the highest tier any of its topics or tags reaches;
 *   3. then readers' interest: the piece's unique daily readers of the past 7 days (the analytics feature's
 *      daily rollups: a reader counts once a day, however many requests) plus the clicks that items of the
 *      piece's topics got in the previous 4 sent newsletters (once per reader, issue, item and day, see
 *      clicks.ts), on a log2 scale so that only a clear difference in interest beats recency;
 *   4. then recency (newest first); ties broken by slug so the ranking is deterministic.
 */
type PriorityTier = 0 | 1 | 2;

export interface RankCandidate {
  kind: "article" | "interview";
  slug: string;
  featured: boolean;
  date: Date;
  topics: string[];
  tags: string[];
}

// Topic slugs and tag spellings (es/en) seen in the taxonomy for each criterion.
const HIGH = [
  // regulation
  "regulacion",
  "regulacion-politicas",
  "regulation",
  "policy",
  "ai-act",
  "ley-ia",
  // existential / safety research
  "riesgos-existenciales",
  "existential-risk",
  "seguridad",
  "safety",
  "ai-safety",
  "evaluaciones",
  // significant incidents
  "incidentes",
  "incidente",
  "incidents",
  "incident",
  // alignment
  "seguridad-alignment",
  "alignment",
  "alineamiento",
];
const MEDIUM = [
  // labour
  "trabajo-economia",
  "empleo",
  "trabajo",
  "labour",
  "labor",
  "desplazamiento-laboral",
  // bias / fairness
  "etica-sesgos",
  "sesgos",
  "sesgo-algoritmico",
  "bias",
  "fairness",
  // privacy / digital rights
  "privacidad",
  "privacy",
  "derechos-digitales",
  "digital-rights",
  // corporate transparency
  "transparencia",
  "transparencia-corporativa",
  "transparency",
];
const tierOf = new Map<string, PriorityTier>([
  ...MEDIUM.map((t) => [t, 1] as const),
  ...HIGH.map((t) => [t, 2] as const),
]);

export function priorityTier(labels: readonly string[]): PriorityTier {
  let best: PriorityTier = 0;
  for (const label of labels) {
    const tier = tierOf.get(label.trim().toLowerCase()) ?? 0;
    if (tier > best) best = tier;
  }
  return best;
}

/** Clicks per topic in the previous weeks' newsletters. */
export type TopicInterest = ReadonlyMap<string, number>;

/** Unique daily readers of each piece over the past 7 days, by "kind:slug". */
export type PieceReaders = ReadonlyMap<string, number>;

/**
 * log2 buckets of the clicks a piece's topics drew plus its own readers: 0 → 0, 1 → 1, 2–3 → 2, 4–7 → 3…
 */
export function interestLevel(topics: readonly string[], interest: TopicInterest, readers = 0): number {
  const clicks = topics.reduce((sum, t) => sum + (interest.get(t) ?? 0), 0);
  return Math.floor(Math.log2(1 + clicks + readers));
}

function compareCandidates(a: RankCandidate, b: RankCandidate, interest: TopicInterest, readers: PieceReaders): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  const tier = priorityTier([...b.topics, ...b.tags]) - priorityTier([...a.topics, ...a.tags]);
  if (tier !== 0) return tier;
  const level = (c: RankCandidate) => interestLevel(c.topics, interest, readers.get(`${c.kind}:${c.slug}`) ?? 0);
  const liked = level(b) - level(a);
  if (liked !== 0) return liked;
  const recency = b.date.getTime() - a.date.getTime();
  if (recency !== 0) return recency;
  return a.slug.localeCompare(b.slug);
}

export function rankTopFive<T extends RankCandidate>(
  candidates: readonly T[],
  limit = 5,
  interest: TopicInterest = new Map(),
  readers: PieceReaders = new Map(),
): T[] {
  return [...candidates].sort((a, b) => compareCandidates(a, b, interest, readers)).slice(0, limit);
}
