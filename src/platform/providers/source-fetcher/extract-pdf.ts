import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { tidyText } from "./extract-html.ts";

/** The text of a PDF, page by page, with pdf.js (Mozilla's reader); no fonts or rendering are needed for it. */
export async function extractPdf(data: Buffer, url: string): Promise<{ title: string; text: string }> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str;
        text += item.hasEOL ? "\n" : "";
      }
      pages.push(text);
      page.cleanup();
    }
    const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    const text = tidyText(pages.join("\n"));
    const title = typeof info?.Title === "string" && info.Title.trim() ? info.Title.trim() : text.split("\n")[0] || url;
    return { title, text };
  } finally {
    await doc.destroy();
  }
}
