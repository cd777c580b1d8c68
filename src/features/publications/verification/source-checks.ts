import type { Finding, Lang, SourceForCheck, SourceResult } from "./types.ts";

export const isUsable = (s: SourceForCheck) =>
  s.fetched && s.allowListed && s.status !== null && ((s.status >= 200 && s.status < 300) || s.status === 304);

const sameUrl = (a: string, b: string | null) => !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

function stateOf(s: SourceForCheck): SourceResult["state"] {
  if (!s.allowListed) return "off_list";
  return isUsable(s) ? "fetched" : "unreachable";
}

/** The finding for a listed source that cannot support anything, or null when it can. */
function sourceFinding(s: SourceForCheck, lang: Lang): Finding | null {
  const base = { lang, sentence: "", claim: s.url, nearMatch: null };
  if (!s.allowListed)
    return { ...base, check: "source_off_list", detail: `[${s.n}] ${s.url} is not on the official-source allow-list` };
  if (!s.fetched) return { ...base, check: "source_not_fetched", detail: `[${s.n}] ${s.url} could not be read` };
  if (!isUsable(s))
    return { ...base, check: "source_status", detail: `[${s.n}] ${s.url} answered ${s.status ?? "nothing"}` };
  return null;
}

/**
 * Every source an article lists (in either language) must have been fetched, answered 2xx (or 304 with the
 * stored text) and be allow-listed. A listed URL with no snapshot at all was never fetched. Each source is
 * reported once, in the first language that lists it.
 */
export function checkListedSources(
  drafts: { lang: Lang; sourceUrls: string[] }[],
  sources: SourceForCheck[],
): { results: SourceResult[]; findings: Finding[] } {
  const results: SourceResult[] = sources.map((s) => ({ n: s.n, url: s.url, state: stateOf(s), status: s.status }));
  const findings: Finding[] = [];
  const reported = new Set<string>();
  let nextN = Math.max(0, ...sources.map((s) => s.n)) + 1;
  for (const draft of drafts) {
    for (const url of draft.sourceUrls) {
      const source = sources.find((s) => sameUrl(url, s.url) || sameUrl(url, s.finalUrl));
      const key = source ? `n${source.n}` : url.replace(/\/+$/, "");
      if (reported.has(key)) continue;
      reported.add(key);
      if (!source) {
        const n = nextN++;
        results.push({ n, url, state: "unreachable", status: null });
        findings.push({
          lang: draft.lang,
          check: "source_not_fetched",
          sentence: "",
          claim: url,
          detail: `[${n}] ${url} is listed but was never fetched`,
          nearMatch: null,
        });
        continue;
      }
      const finding = sourceFinding(source, draft.lang);
      if (finding) findings.push(finding);
    }
  }
  return { results, findings };
}
