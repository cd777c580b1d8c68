import { stripInlineMarkdown } from "./normalise.ts";

/** Abbreviations whose full stop does not end a sentence (lower-cased, without the stop). */
const ABBREVIATIONS = new Set([
  "art",
  "arts",
  "núm",
  "num",
  "no",
  "nº",
  "p",
  "pp",
  "ej",
  "e.g",
  "i.e",
  "etc",
  "sr",
  "sra",
  "dr",
  "dra",
  "vs",
  "apdo",
  "cf",
  "vol",
  "fig",
  "ed",
  "eds",
  "inc",
  "ltd",
  "st",
  "mr",
  "mrs",
  "ms",
  "u.s",
  "u.k",
  "ee.uu",
  "approx",
]);

const OPENERS: Record<string, string> = { "«": "»", "“": "”" };

/** Blocks of a Markdown body: paragraphs, list items, headings and quotes, each as plain text. */
function blocks(markdown: string): string[] {
  const out: string[] = [];
  let inFence = false;
  let current: string[] = [];
  const flush = () => {
    if (current.length) out.push(current.join(" "));
    current = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const line = raw.trim();
    if (!line || /^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (heading || item) {
      flush();
      current.push((heading?.[1] ?? item?.[1] ?? "").replace(/\s+#+\s*$/, ""));
      if (heading) flush();
      continue;
    }
    current.push(line.replace(/^>\s?/, "").replace(/\s*\|\s*/g, " "));
  }
  flush();
  return out
    .map(stripInlineMarkdown)
    .map((b) => b.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Splits one block at sentence ends, never inside a quotation, after an abbreviation or inside a number. */
function splitBlock(text: string): string[] {
  const out: string[] = [];
  const closers: string[] = [];
  let straightOpen = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (OPENERS[ch]) closers.push(OPENERS[ch] as string);
    else if (closers.length && ch === closers[closers.length - 1]) closers.pop();
    else if (ch === '"') straightOpen = !straightOpen;
    if (closers.length || straightOpen) continue;
    if (ch !== "." && ch !== "!" && ch !== "?" && ch !== "…") continue;
    let end = i + 1;
    while (end < text.length && /[.!?…"»”)\]]/.test(text[end] as string)) end++;
    if (end >= text.length) break;
    if (text[end] !== " ") continue;
    const next = text.slice(end + 1, end + 3);
    if (!/^[\p{Lu}\p{N}¿¡«“"(]/u.test(next)) continue;
    if (ch === ".") {
      const word = /([\p{L}.º]+)$/u.exec(text.slice(start, i))?.[1]?.toLowerCase() ?? "";
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    }
    out.push(text.slice(start, end).trim());
    start = end + 1;
    i = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * The sentences of a Markdown body as plain text, in order. The verifier checks these, and the desk highlights
 * the same ones, so both must split with this function.
 */
export function splitSentences(markdown: string): string[] {
  return blocks(markdown).flatMap(splitBlock);
}
