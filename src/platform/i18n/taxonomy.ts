/** docs/product.md §3 taxonomies. Labels live in the messages (namespace `taxonomy`); these are the known keys. */
export const TOPICS = [
  "regulacion",
  "seguridad-alignment",
  "trabajo-economia",
  "etica-sesgos",
  "tecnica-modelos",
  "desinformacion-deepfakes",
  "riesgos-existenciales",
  "regulacion-politicas",
] as const;

export const CONTENT_TYPES = ["noticia", "analisis", "entrevista", "recurso", "novedad-industria"] as const;
export const REFERENT_FOCUSES = [
  "riesgos-existenciales",
  "etica-sesgos",
  "seguridad-alignment",
  "regulacion-politicas",
  "critico-ia-generativa",
] as const;
export const COMPANY_TYPES = ["laboratorio", "proveedor-modelo", "think-tank", "alianza", "comunidad"] as const;
export const APPLICATION_CATEGORIES = [
  "verificacion",
  "autenticidad",
  "bienestar-digital",
  "transparencia-etiquetado",
  "educacion",
  "compliance",
] as const;
/** The wider of the two readings of docs/product.md §3 (a superset of regulacion, informe, foro). */
export const RESOURCE_TYPES = ["regulacion", "informe", "guia", "foro", "dataset", "other"] as const;

/** Home trending strip (docs/product.md §2): fixed list, in this order. */
export const TRENDING_TOPICS = [
  "deepfakes",
  "ai-act",
  "desplazamiento-laboral",
  "agi",
  "sesgo-algoritmico",
  "alignment",
] as const;

/** Date filter of /noticias: how far back each option reaches. */
export const DATE_RANGES = { week: 7, month: 31, year: 366 } as const;
/** A value without a translation: first letter capitalised, hyphens as spaces (docs/product.md §3). */
export function humanize(value: string): string {
  const text = value.replace(/[-_]+/g, " ").trim();
  return text.charAt(0).toLocaleUpperCase("es") + text.slice(1);
}

/**
 * Label of a taxonomy value through a translator scoped to one taxonomy namespace (e.g. `taxonomy.topics`):
 * the translation when one exists, otherwise the humanised value.
 */
export function taxonomyLabel(t: { has(key: string): boolean; (key: string): string }, value: string): string {
  return t.has(value) ? t(value) : humanize(value);
}

/** Topic badge style of docs/product.md §3. */
export function topicBadgeVariant(value: string): "default" | "secondary" | "outline" | "destructive" | "neutral" {
  if (value === "regulacion") return "default";
  if (value === "analisis") return "secondary";
  if (value === "novedad-industria") return "outline";
  if (value === "seguridad-alignment") return "destructive";
  return "neutral";
}
