import type { SourceForCheck } from "~/features/grounding/verification/types.ts";

/**
 * What was read of a consolidated act over the size cap: its opening articles, about 120 000 characters of
 * them (the annexes, with their figures, come after the cut).
 */
export const LARGE_READ_PART: Omit<SourceForCheck, "n"> = {
  url: "https://eur-lex.europa.eu/legal-content/ES/TXT/?uri=CELEX:02024R1689-20261101",
  finalUrl: null,
  status: 200,
  allowListed: true,
  fetched: true,
  truncated: true,
  text: Array.from(
    { length: 400 },
    (_, k) =>
      `Artículo ${k + 1}. Los proveedores de sistemas de IA garantizarán que la documentación técnica se mantenga ` +
      `actualizada y a disposición de las autoridades nacionales competentes durante el período que fije el ` +
      `reglamento, de conformidad con los procedimientos establecidos por la Oficina de IA y los Estados miembros.`,
  ).join("\n\n"),
};
