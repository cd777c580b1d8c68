/** What the scripted model writes in tests/e2e/grounded-drafts.test.ts: faithful, and with an invented quotation. */
export const RUN = Date.now().toString(36);
const run = RUN;

export const FAITHFUL = {
  title: `Consulta sobre IA de alto riesgo ${run}`,
  summary: "La Comisión abre una consulta sobre IA de alto riesgo.",
  body:
    "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1]. " +
    "Las partes pueden responder hasta el 18 de julio de 2025 [1].",
  topics: ["regulacion"],
  tags: ["AI Act"],
  sources: [],
};
export const FAITHFUL_EN = {
  title: `High-risk AI consultation ${run}`,
  summary: "The Commission opens a consultation on high-risk AI.",
  body:
    "## Consultation\n\nThe European Commission has opened a public consultation on high-risk AI systems [1]. " +
    "Stakeholders can reply until 18 July 2025 [1].",
};
export const INVENTED_QUOTE = "The AI Act will be paused for two years.";
export const FABRICATED = {
  ...FAITHFUL,
  title: `Tendencias de la IA de frontera ${run}`,
  summary: "El Instituto publica su informe de tendencias.",
  body: `El Instituto evaluó modelos de frontera [1]. Henna Virkkunen afirmó: “${INVENTED_QUOTE}” [1]`,
};
export const FABRICATED_EN = {
  title: `Frontier AI trends ${run}`,
  summary: "The Institute publishes its trends report.",
  body: `The Institute evaluated frontier models [1]. Henna Virkkunen said: “${INVENTED_QUOTE}” [1]`,
};
