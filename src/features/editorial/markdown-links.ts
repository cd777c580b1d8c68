import type { Locale } from "~/platform/i18n/routing.ts";

/** Internal links in editorial Markdown are written Spanish-style (/contacto); English pages get /en/… */
export function localizeMarkdownLinks(markdown: string, locale: Locale): string {
  return locale === "en" ? markdown.replace(/\]\(\/(?!en\/)/g, "](/en/") : markdown;
}

/** Drops the `## ` sections whose heading matches (the page renders those parts as components). */
export function withoutSections(markdown: string, headings: RegExp): string {
  const parts = markdown.split(/(?=^## )/m);
  return parts.filter((part) => !headings.test(part.replace(/^## /, "").split("\n")[0] ?? "")).join("");
}
