/**
 * The time to read a source into its facts (quotations with speakers, figures with kinds): each fixture source
 * as the fetcher stored it, and a 10-page document (the PDF fixtures' text repeated to ~3,500 characters a page,
 * the density of an official PDF). Median of 15 runs after 3 warm-up.
 */
import { extractFacts } from "~/features/grounding/facts/extract.ts";

function median(run: () => void): number {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[7] ?? 0;
}

export function timeFactExtraction(sources: { path: string; text: string }[]): void {
  console.log("\n| source | characters | quotations | figures | extract (median ms) |\n|---|---|---|---|---|");
  let worst = 0;
  for (const s of sources) {
    const facts = extractFacts(s.text);
    const ms = median(() => extractFacts(s.text));
    worst = Math.max(worst, ms);
    console.log(
      `| ${s.path} | ${s.text.length} | ${facts.quotes.length} | ${facts.figures.length} | ${ms.toFixed(2)} |`,
    );
  }
  const pdfText = sources
    .filter((s) => s.path.endsWith(".pdf"))
    .map((s) => s.text)
    .join("\n");
  const page = 3500;
  let tenPages = "";
  while (tenPages.length < 10 * page) tenPages += `${pdfText}\n`;
  tenPages = tenPages.slice(0, 10 * page);
  const facts = extractFacts(tenPages);
  const ms = median(() => extractFacts(tenPages));
  console.log(
    `\nExtract facts: slowest fixture source ${worst.toFixed(2)} ms; a 10-page document (${tenPages.length} characters, ${facts.quotes.length} quotations, ${facts.figures.length} figures) ${ms.toFixed(2)} ms (goal ≤ 50 ms)`,
  );
}
