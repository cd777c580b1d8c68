import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

/** Elements that end a line of text when the main content is flattened. */
const BLOCKS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BR",
  "DD",
  "DIV",
  "DL",
  "DT",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL",
]);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Text of a DOM subtree with a line break after each block, so paragraphs stay apart. */
function blockText(node: DomNode, out: string[]): void {
  if (node.nodeType === 3) {
    out.push(node.textContent ?? "");
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
  const name = node.nodeName.toUpperCase();
  if (name === "SCRIPT" || name === "STYLE" || name === "NOSCRIPT" || name === "TEMPLATE") return;
  for (const child of Array.from(node.childNodes)) blockText(child, out);
  if (BLOCKS.has(name)) out.push("\n");
}

/** Collapses runs of spaces inside lines and of blank lines between them. */
export function tidyText(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/**
 * A pull quote's attribution ("— Name, role") sits in a <footer>, <cite> or <figcaption> that Readability drops
 * as page chrome; without it the quotation has no speaker. Each becomes a paragraph of its quotation's block.
 */
function keepAttributions(html: string): string {
  if (!/<blockquote|<figure/i.test(html)) return html;
  const { document } = parseHTML(html);
  const lines = document.querySelectorAll("blockquote footer, blockquote cite, figure figcaption");
  if (!lines.length) return html;
  for (const el of Array.from(lines)) {
    const p = document.createElement("p");
    p.textContent = el.textContent ?? "";
    el.replaceWith(p);
  }
  return document.toString();
}

/**
 * Past this size a page is a document (an act with its annexes, a report), not a news page in its chrome:
 * Readability's scoring of every element would take many seconds, so the body's text is read as it is.
 */
const READABILITY_MAX_CHARS = 1_000_000;

/**
 * The main text of an HTML page: Mozilla Readability picks the article out of the page's DOM (linkedom); a page
 * too short for its heuristics, or too large for them, falls back to the whole body. Either way the text comes
 * from the DOM.
 */
export function extractHtml(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const pageTitle = (document.querySelector("title")?.textContent ?? "").trim();
  const h1 = (document.querySelector("h1")?.textContent ?? "").trim();
  const bodyFallback = () => {
    const out: string[] = [];
    if (document.body) blockText(document.body as unknown as DomNode, out);
    return tidyText(out.join(""));
  };
  let article: ReturnType<Readability["parse"]> = null;
  try {
    if (html.length > READABILITY_MAX_CHARS) throw new Error("too large for Readability");
    // Readability edits the document it reads: it gets its own parse, the fallback reads the untouched one.
    article = new Readability(parseHTML(keepAttributions(html)).document as unknown as Document, {
      charThreshold: 200,
    }).parse();
  } catch {
    article = null;
  }
  let text = "";
  if (article?.content) {
    const out: string[] = [];
    blockText(
      parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as DomNode,
      out,
    );
    text = tidyText(out.join(""));
  }
  if (!text) text = bodyFallback();
  // Readability drops a heading that repeats the title; keep it so a claim about it still finds its words.
  if (h1 && !text.includes(h1)) text = `${h1}\n${text}`;
  return { title: article?.title?.trim() || pageTitle || h1 || url, text };
}
