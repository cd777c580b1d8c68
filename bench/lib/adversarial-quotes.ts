import type { Lang } from "~/features/grounding/verification/types.ts";

/** Quotations as the sources give them, with who said them and a speaker of the same corpus who did not. */
export const ADV_QUOTES = [
  {
    n: 1,
    lang: "es" as Lang,
    words: "La supervisión empieza por la transparencia de los algoritmos",
    speaker: "Elena Robles",
    wrong: "Tomás Ferrer",
  },
  {
    n: 1,
    lang: "es" as Lang,
    words: "ningún sistema de alto riesgo quedará sin auditar",
    speaker: "Tomás Ferrer",
    wrong: "Elena Robles",
  },
  {
    n: 3,
    lang: "es" as Lang,
    words: "la mitad de los sistemas no tiene una evaluación de impacto publicada",
    speaker: "Lucía Garrido",
    wrong: "Elena Robles",
  },
  {
    n: 2,
    lang: "en" as Lang,
    words: "Safety is the foundation of innovation, not its enemy",
    speaker: "Michelle Donovan",
    wrong: "Aaron Patel",
  },
  {
    n: 2,
    lang: "en" as Lang,
    words: "frontier models are being deployed faster than they can be evaluated",
    speaker: "Aaron Patel",
    wrong: "Michelle Donovan",
  },
  {
    n: 4,
    lang: "en" as Lang,
    words: "Europe is the first continent to set clear rules for AI",
    speaker: "Margrethe Solberg",
    wrong: "Michelle Donovan",
  },
];
