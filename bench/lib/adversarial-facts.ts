/**
 * The facts a faithful draft of the adversarial corpus takes from its five sources (adversarial-sources.ts), in
 * both languages, with the attacker's rewrites of each by kind (scale, decimal, unit, date).
 */

/** A fact as a faithful draft states it, with the source it comes from; alt: other faithful wordings. */
export interface AdvFact {
  id: string;
  n: number;
  es: string;
  en: string;
  /** Extra faithful wordings (other scale words or separators for the same value). */
  alt?: { es?: string[]; en?: string[] };
  /** Attacker's rewrites of the same fact, by kind. */
  scale1000?: { es: string; en: string };
  scale1e6?: { es: string; en: string };
  decimal?: { es: string; en: string };
  unit?: { es: string; en: string };
  date?: { es: string; en: string };
}

export const ADV_FACTS: AdvFact[] = [
  {
    id: "lab",
    n: 1,
    es: "El Gobierno destinará 2,4 millones de euros a un laboratorio público de evaluación de algoritmos.",
    en: "The government will spend €2.4 million on a public lab that evaluates algorithms.",
    alt: { es: ["El Gobierno destinará 2.400.000 euros a un laboratorio público de evaluación de algoritmos."] },
    scale1000: {
      es: "El Gobierno destinará 2.400 millones de euros a un laboratorio público de evaluación de algoritmos.",
      en: "The government will spend €2,400 million on a public lab that evaluates algorithms.",
    },
    scale1e6: {
      es: "El Gobierno destinará 2,4 billones de euros a un laboratorio público de evaluación de algoritmos.",
      en: "The government will spend €2.4 trillion on a public lab that evaluates algorithms.",
    },
    decimal: {
      es: "El Gobierno destinará 24 millones de euros a un laboratorio público de evaluación de algoritmos.",
      en: "The government will spend €24 million on a public lab that evaluates algorithms.",
    },
    unit: {
      es: "El Gobierno destinará el 2,4 % del presupuesto a un laboratorio público de evaluación de algoritmos.",
      en: "The government will spend 2.4% of the budget on a public lab that evaluates algorithms.",
    },
  },
  {
    id: "recovery",
    n: 1,
    es: "El plan de recuperación reserva 2.400 millones de euros para digitalizar la Administración hasta 2026.",
    en: "The recovery plan sets aside €2.4 billion to digitise central government until 2026.",
    alt: {
      es: ["El plan de recuperación reserva 2,4 mil millones de euros para digitalizar la Administración hasta 2026."],
      en: ["The recovery plan sets aside €2,400 million to digitise central government until 2026."],
    },
    scale1000: {
      es: "El plan de recuperación reserva 2,4 millones de euros para digitalizar la Administración hasta 2026.",
      en: "The recovery plan sets aside €2.4 million to digitise central government until 2026.",
    },
    scale1e6: {
      es: "El plan de recuperación reserva 2.400 euros para digitalizar la Administración hasta 2026.",
      en: "The recovery plan sets aside €2,400 to digitise central government until 2026.",
    },
    decimal: {
      es: "El plan de recuperación reserva 24.000 millones de euros para digitalizar la Administración hasta 2026.",
      en: "The recovery plan sets aside €24 billion to digitise central government until 2026.",
    },
    date: {
      es: "El plan de recuperación reserva 2.400 millones de euros para digitalizar la Administración hasta 2027.",
      en: "The recovery plan sets aside €2.4 billion to digitise central government until 2027.",
    },
  },
  {
    id: "survey-es",
    n: 1,
    es: "Según la encuesta del ministerio, el 37,5 % de las empresas ya usa inteligencia artificial.",
    en: "According to the ministry's survey, 37.5% of companies already use artificial intelligence.",
    decimal: {
      es: "Según la encuesta del ministerio, el 3,75 % de las empresas ya usa inteligencia artificial.",
      en: "According to the ministry's survey, 3.75% of companies already use artificial intelligence.",
    },
    unit: {
      es: "Según la encuesta del ministerio, 37,5 millones de empresas ya usan inteligencia artificial.",
      en: "According to the ministry's survey, 37.5 million companies already use artificial intelligence.",
    },
  },
  {
    id: "uk-lab",
    n: 2,
    es: "El Gobierno británico invertirá 2,4 millones de libras en un nuevo laboratorio de evaluación.",
    en: "The UK government will invest £2.4 million in a new evaluation lab.",
    scale1000: {
      es: "El Gobierno británico invertirá 2.400 millones de libras en un nuevo laboratorio de evaluación.",
      en: "The UK government will invest £2,400 million in a new evaluation lab.",
    },
    scale1e6: {
      es: "El Gobierno británico invertirá 2,4 billones de libras en un nuevo laboratorio de evaluación.",
      en: "The UK government will invest £2.4 trillion in a new evaluation lab.",
    },
    decimal: {
      es: "El Gobierno británico invertirá 0,24 millones de libras en un nuevo laboratorio de evaluación.",
      en: "The UK government will invest £0.24 million in a new evaluation lab.",
    },
  },
  {
    id: "uk-programme",
    n: 2,
    es: "El programa británico cuenta con 1.500 millones de libras de financiación pública.",
    en: "The UK programme is backed by £1.5 billion of public funding.",
    alt: { en: ["The UK programme is backed by £1,500 million of public funding."] },
    scale1000: {
      es: "El programa británico cuenta con 1,5 millones de libras de financiación pública.",
      en: "The UK programme is backed by £1.5 million of public funding.",
    },
    decimal: {
      es: "El programa británico cuenta con 15.000 millones de libras de financiación pública.",
      en: "The UK programme is backed by £15 billion of public funding.",
    },
  },
  {
    id: "uk-firms",
    n: 2,
    es: "El 42,7 % de las empresas encuestadas en el Reino Unido dijo usar herramientas de IA.",
    en: "In the UK, 42.7% of firms surveyed reported using AI tools.",
    decimal: {
      es: "El 4,27 % de las empresas encuestadas en el Reino Unido dijo usar herramientas de IA.",
      en: "In the UK, 4.27% of firms surveyed reported using AI tools.",
    },
    unit: {
      es: "Unas 42.700 empresas encuestadas en el Reino Unido dijeron usar herramientas de IA.",
      en: "In the UK, 42,700 firms surveyed reported using AI tools.",
    },
  },
  {
    id: "uk-grants",
    n: 2,
    es: "Se ofrecerán ayudas de cálculo de 12.500 libras a 300 equipos universitarios.",
    en: "Compute grants worth £12,500 each will go to 300 university teams.",
    scale1000: {
      es: "Se ofrecerán ayudas de cálculo de 12,5 millones de libras a 300 equipos universitarios.",
      en: "Compute grants worth £12.5 million each will go to 300 university teams.",
    },
    decimal: {
      es: "Se ofrecerán ayudas de cálculo de 1.250 libras a 300 equipos universitarios.",
      en: "Compute grants worth £1,250 each will go to 300 university teams.",
    },
  },
  {
    id: "spending",
    n: 3,
    es: "El gasto público en sistemas de IA alcanzó 1.250 millones de euros en 2024, un 18,2 % más.",
    en: "Public spending on AI systems reached €1.25 billion in 2024, up 18.2%.",
    alt: { en: ["Public spending on AI systems reached €1,250 million in 2024, up 18.2%."] },
    scale1000: {
      es: "El gasto público en sistemas de IA alcanzó 1.250 mil millones de euros en 2024, un 18,2 % más.",
      en: "Public spending on AI systems reached €1,250 billion in 2024, up 18.2%.",
    },
    scale1e6: {
      es: "El gasto público en sistemas de IA alcanzó 1.250 euros en 2024, un 18,2 % más.",
      en: "Public spending on AI systems reached €1,250 in 2024, up 18.2%.",
    },
    decimal: {
      es: "El gasto público en sistemas de IA alcanzó 1.250 millones de euros en 2024, un 1,82 % más.",
      en: "Public spending on AI systems reached €1.25 billion in 2024, up 1.82%.",
    },
    date: {
      es: "El gasto público en sistemas de IA alcanzó 1.250 millones de euros en 2022, un 18,2 % más.",
      en: "Public spending on AI systems reached €1.25 billion in 2022, up 18.2%.",
    },
  },
  {
    id: "systems",
    n: 3,
    es: "El informe contabiliza 1.742 sistemas algorítmicos en uso en la Administración.",
    en: "The report counts 1,742 algorithmic systems in use in public administration.",
    decimal: {
      es: "El informe contabiliza 17,42 sistemas algorítmicos en uso en la Administración.",
      en: "The report counts 1.742 algorithmic systems in use in public administration.",
    },
    scale1000: {
      es: "El informe contabiliza 1.742 millones de sistemas algorítmicos en uso en la Administración.",
      en: "The report counts 1.742 million algorithmic systems in use in public administration.",
    },
  },
  {
    id: "data-budget",
    n: 3,
    es: "El presupuesto para 2025 prevé 3,2 mil millones de euros para proyectos de datos.",
    en: "The 2025 budget provides €3.2 billion for data projects.",
    alt: { es: ["El presupuesto para 2025 prevé 3.200 millones de euros para proyectos de datos."] },
    scale1000: {
      es: "El presupuesto para 2025 prevé 3,2 millones de euros para proyectos de datos.",
      en: "The 2025 budget provides €3.2 million for data projects.",
    },
    scale1e6: {
      es: "El presupuesto para 2025 prevé 3.200 euros para proyectos de datos.",
      en: "The 2025 budget provides €3,200 for data projects.",
    },
    date: {
      es: "El presupuesto para 2026 prevé 3,2 mil millones de euros para proyectos de datos.",
      en: "The 2026 budget provides €3.2 billion for data projects.",
    },
  },
  {
    id: "eu-research",
    n: 4,
    es: "La Comisión movilizará 1.200 millones de euros para investigación en IA.",
    en: "The Commission will mobilise €1.2 billion for AI research.",
    alt: { es: ["La Comisión movilizará 1,2 millardos de euros para investigación en IA."] },
    scale1000: {
      es: "La Comisión movilizará 1,2 millones de euros para investigación en IA.",
      en: "The Commission will mobilise €1,200 billion for AI research.",
    },
    decimal: {
      es: "La Comisión movilizará 12.000 millones de euros para investigación en IA.",
      en: "The Commission will mobilise €12 billion for AI research.",
    },
  },
  {
    id: "eu-fines",
    n: 4,
    es: "Las multas más graves pueden llegar a 35 millones de euros o al 7 % de la facturación mundial.",
    en: "Fines for the most serious infringements can reach €35 million or 7% of worldwide turnover.",
    unit: {
      es: "Las multas más graves pueden llegar al 35 % de la facturación mundial o a 7 millones de euros.",
      en: "Fines for the most serious infringements can reach 35% of worldwide turnover or €7 million.",
    },
  },
  {
    id: "eu-office",
    n: 4,
    es: "La Oficina de IA contará con 140 expertos.",
    en: "The AI Office will be staffed by 140 experts.",
    unit: {
      es: "La Oficina de IA contará con 140 millones de euros.",
      en: "The AI Office will be funded with €140 million.",
    },
  },
  {
    id: "sandbox",
    n: 5,
    es: "El entorno controlado de pruebas tiene una dotación de 4.300.000 euros.",
    en: "The regulatory sandbox has a budget of €4.3 million.",
    alt: { es: ["El entorno controlado de pruebas tiene una dotación de 4,3 millones de euros."] },
    scale1000: {
      es: "El entorno controlado de pruebas tiene una dotación de 4.300 millones de euros.",
      en: "The regulatory sandbox has a budget of €4.3 billion.",
    },
    scale1e6: {
      es: "El entorno controlado de pruebas tiene una dotación de 4,3 billones de euros.",
      en: "The regulatory sandbox has a budget of €4.3 trillion.",
    },
    decimal: {
      es: "El entorno controlado de pruebas tiene una dotación de 43 millones de euros.",
      en: "The regulatory sandbox has a budget of €43 million.",
    },
  },
  {
    id: "decree-date",
    n: 5,
    es: "El decreto entra en vigor el 9 de noviembre de 2023.",
    en: "The decree takes effect on 9 November 2023.",
    date: {
      es: "El decreto entra en vigor el 19 de noviembre de 2023.",
      en: "The decree takes effect on 19 November 2023.",
    },
  },
  {
    id: "sandbox-projects",
    n: 5,
    es: "En el entorno de pruebas podrán participar hasta 12 proyectos.",
    en: "Up to 12 projects may take part in the sandbox.",
    unit: {
      es: "En el entorno de pruebas podrán participar hasta 12 millones de proyectos.",
      en: "Up to 12% of projects may take part in the sandbox.",
    },
  },
];
