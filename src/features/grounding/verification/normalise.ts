/**
 * The one normal form quotations and sources are compared in: Unicode NFKC, every kind of quote mark and dash
 * folded to one, whitespace collapsed, lower case. Diacritics are kept: "está" and "esta" are different words,
 * and a quotation that changes them is not verbatim.
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\u00ad/g, "")
    .replace(/[«»“”„‟"]/g, '"')
    .replace(/[‘’‚‛`´']/g, "'")
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/[…]/g, "...")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .trim();
}

/** Words for overlap scores: letters and digits only, diacritics folded, short words dropped. */
export function words(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((w) => w.length > 2);
}

/** Plain text of Markdown inline syntax: links keep their text, emphasis/code marks and images go. */
export function stripInlineMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<https?:[^>\s]+>/g, "")
    .replace(/(\*\*|__|~~)(.+?)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}])[*_](\S(?:.*?\S)?)[*_](?=[^\p{L}\p{N}]|$)/gu, "$1$2")
    .replace(/`([^`]*)`/g, "$1");
}
