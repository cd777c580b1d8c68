import { isNotFoundPage } from "~/platform/providers/source-fetcher/not-found-page.ts";
import type { Finding, Lang, SourceForCheck, SourceResult } from "./types.ts";

/** A 200 whose text is a "page not found" page (stored before the fetcher refused them, or from elsewhere). */
const notFoundPage = (s: SourceForCheck) => s.fetched && isNotFoundPage({ title: "", text: s.text });

export const isUsable = (s: SourceForCheck) =>
  s.fetched &&
  s.allowListed &&
  s.status !== null &&
  ((s.status >= 200 && s.status < 300) || s.status === 304) &&
  !notFoundPage(s);

const trimmed = (url: string) => url.replace(/\/+$/, "");
const sameUrl = (a: string, b: string | null) => !!b && trimmed(a) === trimmed(b);

function stateOf(s: SourceForCheck): SourceResult["state"] {
  if (!s.allowListed) return "off_list";
  return isUsable(s) ? "fetched" : "unreachable";
}

/** The fetcher's refusals, as a finding's detail says them. */
const REFUSALS: Record<string, string> = {
  robots: "its robots.txt does not allow reading it",
  too_big: "it is larger than the size limit",
  timeout: "it did not answer in time",
  unsupported_type: "it is not HTML, PDF or text, or no text could be extracted from it",
  private_address: "it resolves to a private or local address",
  bad_scheme: "it is not an http(s) address",
  network: "the connection failed",
  not_found_page: 'it answered with a "page not found" page, not the document',
};

/** Why a source cannot support anything (its check and the detail naming the reason), or null when it can. */
function unusable(s: SourceForCheck): Pick<Finding, "check" | "detail"> | null {
  const redirected = s.finalUrl && !sameUrl(s.url, s.finalUrl) ? s.finalUrl : null;
  if (!s.allowListed || s.reason === "off_list")
    return {
      check: "source_off_list",
      detail: redirected
        ? `[${s.n}] ${s.url} redirects to ${redirected}, which is not on the official-source allow-list`
        : `[${s.n}] ${s.url} is not on the official-source allow-list`,
    };
  if (notFoundPage(s))
    return {
      check: "source_status",
      detail: `[${s.n}] ${s.url} answered ${s.status} with a "page not found" page, not the document`,
    };
  if (s.status !== null && !isUsable(s) && (s.reason === "http_status" || s.fetched))
    return { check: "source_status", detail: `[${s.n}] ${s.url} answered ${s.status}` };
  if (!s.fetched) {
    const why = s.reason ? REFUSALS[s.reason] : null;
    return {
      check: "source_not_fetched",
      detail: why ? `[${s.n}] ${s.url} could not be read: ${why}` : `[${s.n}] ${s.url} could not be read`,
    };
  }
  if (!isUsable(s)) return { check: "source_status", detail: `[${s.n}] ${s.url} answered nothing` };
  return null;
}

/** The finding of a sentence tied to a source that was not read: why that source could not be used. */
export function tiedToUnread(s: SourceForCheck, lang: Lang, sentence: string): Finding {
  const why = unusable(s) ?? { check: "source_not_fetched", detail: `[${s.n}] ${s.url} could not be read` };
  return { lang, sentence, claim: s.url, nearMatch: null, ...why };
}

const resultOf = (s: SourceForCheck): SourceResult => ({
  n: s.n,
  url: s.url,
  state: stateOf(s),
  status: s.status,
  finalUrl: s.finalUrl && !sameUrl(s.url, s.finalUrl) ? s.finalUrl : null,
  reason: isUsable(s) ? null : notFoundPage(s) ? "not_found_page" : (s.reason ?? (s.fetched ? null : "not_fetched")),
  truncated: Boolean(s.truncated),
});

/**
 * Every source an article lists (in either language) is accounted for in the report's source list: read, or
 * not with its reason. Each listed source that was not read (never fetched, refused, an error status, a
 * "page not found") is also a finding, reported once, in the first language that lists it.
 */
export function checkListedSources(
  drafts: { lang: Lang; sourceUrls: string[] }[],
  sources: SourceForCheck[],
): { results: SourceResult[]; findings: Finding[] } {
  const results: SourceResult[] = sources.map(resultOf);
  const findings: Finding[] = [];
  const reported = new Set<string>();
  let nextN = Math.max(0, ...sources.map((s) => s.n)) + 1;
  for (const draft of drafts) {
    for (const url of draft.sourceUrls) {
      const source = sources.find((s) => sameUrl(url, s.url) || sameUrl(url, s.finalUrl));
      const key = source ? `n${source.n}` : trimmed(url);
      if (reported.has(key)) continue;
      reported.add(key);
      if (!source) {
        const n = nextN++;
        results.push({ n, url, state: "unreachable", status: null, finalUrl: null, reason: "not_fetched" });
        findings.push({
          lang: draft.lang,
          check: "source_not_fetched",
          sentence: "",
          claim: url,
          detail: `[${n}] ${url} is listed but was never fetched`,
          nearMatch: null,
        });
      }
      // A listed source that was not read is never a published source, cited by a sentence or not: the draft
      // waits for an editor, told why (sentences tied to it also get tiedToUnread's finding).
      else {
        const why = unusable(source);
        if (why) findings.push({ lang: draft.lang, sentence: "", claim: source.url, nearMatch: null, ...why });
      }
    }
  }
  return { results, findings };
}

/**
 * A quotation or figure not found in sources of which only the first part was read (the size cap) may be in
 * the part that was not: its finding says so, naming those sources.
 */
export function noteTruncated(finding: Finding, cited: SourceForCheck[]): Finding {
  if (finding.check !== "figure_not_found" && finding.check !== "quote_not_found") return finding;
  const cut = cited.filter((s) => s.truncated).map((s) => `[${s.n}]`);
  if (!cut.length) return finding;
  const which = cut.join(", ");
  const verb = cut.length > 1 ? "were" : "was";
  return {
    ...finding,
    detail: `${finding.detail} (${which} ${verb} read only in part: the source is larger than the size limit and was truncated)`,
  };
}
