/** The brand shown when a piece carries no author (docs/product.md §3 author display). */
export const DEFAULT_AUTHOR = "Riesgos IA";

/**
 * docs/product.md §3 author display: prefer author_name over author, strip a leading 'Agent: ' prefix, fall back to the
 * brand when nothing is left. `isAgent` marks agent-written pieces (shown with an 'IA' badge).
 */
export function displayAuthor(piece: { author?: string | null; author_name?: string | null; is_agent?: boolean }): {
  name: string;
  isAgent: boolean;
} {
  const raw = (piece.author_name ?? "").trim() || (piece.author ?? "").trim();
  const name = raw.replace(/^agent:\s*/i, "").trim();
  return { name: name || DEFAULT_AUTHOR, isAgent: Boolean(piece.is_agent) };
}

/** The editorial brand used when no person signs (docs/product.md §3 author display). */
export const EDITORIAL_AUTHOR = "Redacción Riesgos IA";
