/**
 * The adversarial corpus's five sources (two Spanish, one English press release, a Spanish report, an English
 * Commission release and a Spanish decree). The facts drafts take from them are in adversarial-facts.ts, their
 * quotations in adversarial-quotes.ts.
 * Names are invented; the figures are shaped like the ones official texts carry (scale words, decimals, dates).
 */
import type { Lang } from "~/features/grounding/verification/types.ts";

export interface AdvSource {
  n: number;
  lang: Lang;
  text: string;
}

export const ADV_SOURCES: AdvSource[] = [
  {
    n: 1,
    lang: "es",
    text: `Nota de prensa. Madrid, 12 de marzo de 2025.

El Gobierno destinará 2,4 millones de euros al nuevo laboratorio público de evaluación de algoritmos. El laboratorio tendrá 35 puestos de trabajo.

Además, el plan de recuperación reserva 2.400 millones de euros para la digitalización de la Administración General del Estado hasta 2026.

La ministra para la Transformación Digital, Elena Robles, afirmó durante la presentación: «La supervisión empieza por la transparencia de los algoritmos».

El secretario de Estado, Tomás Ferrer, añadió que «ningún sistema de alto riesgo quedará sin auditar».

Según la encuesta del ministerio, el 37,5 % de las empresas ya utiliza algún sistema de inteligencia artificial.`,
  },
  {
    n: 2,
    lang: "en",
    text: `Press release. London, 14 March 2024.

The government will invest £2.4 million in a new evaluation lab at the AI Safety Institute. The programme as a whole is backed by £1.5 billion of public funding.

The institute will hire 120 researchers by 2025, and 42.7% of firms surveyed reported using AI tools.

Science Secretary Michelle Donovan said: “Safety is the foundation of innovation, not its enemy.”

The chief scientist, Dr Aaron Patel, warned that “frontier models are being deployed faster than they can be evaluated”.

Compute grants worth £12,500 each will be offered to 300 university teams.`,
  },
  {
    n: 3,
    lang: "es",
    text: `Informe anual sobre el uso de la inteligencia artificial en la Administración, publicado el 3 de febrero de 2025.

El gasto público en sistemas de IA alcanzó 1.250 millones de euros en 2024, un 18,2 % más que el año anterior.

El informe contabiliza 1.742 sistemas algorítmicos en uso en las administraciones públicas.

La directora del observatorio, Lucía Garrido, señaló que «la mitad de los sistemas no tiene una evaluación de impacto publicada».

El presupuesto para 2025 prevé 3,2 mil millones de euros para proyectos de datos.`,
  },
  {
    n: 4,
    lang: "en",
    text: `Brussels, 9 December 2023.

The Commission will mobilise €1.2 billion for AI research under Horizon Europe, and €300 million for testing facilities.

Fines for the most serious infringements can reach €35 million or 7% of worldwide annual turnover.

Executive Vice-President Margrethe Solberg said: “Europe is the first continent to set clear rules for AI.”

The AI Office will be staffed by 140 experts.`,
  },
  {
    n: 5,
    lang: "es",
    text: `Real Decreto 817/2023, de 8 de noviembre.

Artículo 3. La dotación del entorno controlado de pruebas asciende a 4.300.000 euros, con cargo a los presupuestos de 2024.

Artículo 5. Podrán participar hasta 12 proyectos seleccionados por la Secretaría de Estado.

Artículo 7. Las sanciones muy graves podrán alcanzar los 35 millones de euros o el 7 % del volumen de negocio anual.

La disposición final establece que el decreto entra en vigor el 9 de noviembre de 2023.`,
  },
];
