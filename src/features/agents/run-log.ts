import { isOfficialSource, type SnapshotView, type VerificationReport, wasRead } from "~/features/grounding/index.ts";
import { deskName, type LogText, runLog } from "./run-log-text.ts";

/**
 * The lines an agent run's log shows about its sources and its verification, each wholly in the admin's
 * language (stored as catalog keys, rendered when read: run-log-text.ts): refusals with their reason said once, redirects
 * named, findings by the name the desk shows, counts with their plural.
 */

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

const redirectOf = (s: SnapshotView) => (s.finalUrl && !sameAddress(s.url, s.finalUrl) ? s.finalUrl : null);

/** A refusal's reason, naming the address it is about (the redirect's target when it came after one). */
const refusal = (reason: string, url: string, status: number | null): LogText => ({
  ...runLog(`refusals.${reason}`, { host: hostOf(url), status: String(status ?? "") }),
  fallback: reason,
});

/** Why a source's copy is not a reading of it (no copy at all, a refusal, an answer the check cannot use). */
function notReadReason(s: SnapshotView | undefined): LogText {
  if (!s) return runLog("refusals.not_fetched");
  const redirected = redirectOf(s);
  if (!s.ok) return refusal(s.reason ?? "network", redirected ?? s.url, s.status);
  if (!s.allowListed) return refusal("off_list", isOfficialSource(s.url) ? s.finalUrl : s.url, s.status);
  return refusal("http_status", s.url, s.status);
}

/**
 * The count of the sources a draft lists that were read (its newest copy of each: fetched, allow-listed, 2xx
 * or 304), and, when some were not, how many and why, each by its number in the article.
 */
export function sourcesCountLine(listed: { url: string }[], snapshots: SnapshotView[]): LogText {
  const log = runLog;
  // Snapshots come oldest first: the last one of a URL is its newest.
  const byUrl = new Map(snapshots.map((s) => [s.url, s]));
  const unread = listed.flatMap((source, i) => {
    const snap = byUrl.get(source.url);
    return snap && wasRead(snap) ? [] : [{ n: String(i + 1), reason: notReadReason(snap) }];
  });
  const read = listed.length - unread.length;
  // Each reason after the first is chained onto the ones before it, so the separator stays in the catalog.
  const reasons = unread.reduce<LogText | null>((before, u) => {
    const next = log("unreadSource", u);
    return before ? log("unreadSourceAfter", { before, next }) : next;
  }, null);
  if (!reasons) return log("sourcesOfficial", { count: read });
  return log("sourcesPartlyRead", { read, total: listed.length, unread: unread.length, reasons });
}

/** One line per source (two when only its first part could be read): read, or not and why. */
export function sourceLines(s: SnapshotView): LogText[] {
  const log = runLog;
  const redirected = redirectOf(s);
  if (s.ok) {
    const title = s.title || s.finalUrl;
    const read = redirected
      ? log("sourceReadRedirected", { url: s.url, target: redirected, title })
      : log("sourceRead", { url: s.url, title });
    return s.truncated ? [read, log("sourceTruncated", { url: s.url })] : [read];
  }
  const reason = refusal(s.reason ?? "network", redirected ?? s.url, s.status);
  return [
    redirected
      ? log("sourceRefusedRedirected", { url: s.url, target: redirected, reason })
      : log("sourceRefused", { url: s.url, reason }),
  ];
}

/** The verification's summary line and one line per finding (the first 20), named as the desk names them. */
export function verificationLines(report: VerificationReport, languages: string[]): LogText[] {
  const log = runLog;
  const named = deskName;
  const langs = languages.join(" + ");
  const summary =
    report.status === "verified"
      ? log("verified", { languages: langs })
      : log("verificationFindings", {
          languages: langs,
          status: named(`verification.status.${report.status}`, report.status),
          count: report.findings.length,
        });
  const findings = report.findings.slice(0, 20).map((f) =>
    log("finding", {
      language: log(`languageNames.${f.lang}`),
      check: named(`verification.checks.${f.check}`, f.check),
      claim: f.sentence || (f.claim ?? ""),
    }),
  );
  return [summary, ...findings];
}
