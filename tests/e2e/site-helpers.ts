import fs from "node:fs";
import type { Page } from "playwright-core";
import articles from "../../seed/data/articles.json";
import interviews from "../../seed/data/interviews.json";

export const byDateDesc = <T extends { date: string }>(rows: T[]) =>
  [...rows].sort((a, b) => b.date.localeCompare(a.date));
export const seedArticles = byDateDesc(articles.filter((a) => a.status === "published"));
export const seedInterviews = byDateDesc(interviews);
export const article = seedArticles.find((a) => a.slug === "deepfakes-elecciones-normas-europeas")!;
export const interview = seedInterviews[0]!;

/** Visible text of the page body (whitespace collapsed). */
export async function bodyText(page: Page): Promise<string> {
  return ((await page.textContent("body")) ?? "").replace(/\s+/g, " ");
}

const AXE_SOURCE = fs.readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/** Runs axe-core (WCAG 2 A/AA rules) in the page; returns the violations with their failing targets. */
export async function axeViolations(page: Page) {
  // Evaluated through DevTools, outside the page's CSP: addScriptTag injects an inline <script>, which a
  // cached page's hash policy rightly blocks (it has no nonce to borrow).
  await page.evaluate(`${AXE_SOURCE}\n;true`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } }).axe;
    type AxeResult = { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}
