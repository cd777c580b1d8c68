import type { SnapshotView, VerificationReport } from "~/features/grounding/index.ts";
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

/** One line per source (two when only its first part could be read): read, or not and why. */
export function sourceLines(s: SnapshotView): LogText[] {
  const log = runLog;
  const redirected = s.finalUrl && !sameAddress(s.url, s.finalUrl) ? s.finalUrl : null;
  if (s.ok) {
    const title = s.title || s.finalUrl;
    const read = redirected
      ? log("sourceReadRedirected", { url: s.url, target: redirected, title })
      : log("sourceRead", { url: s.url, title });
    return s.truncated ? [read, log("sourceTruncated", { url: s.url })] : [read];
  }
  // The reason names the address it is about: the redirect's target when the refusal came after a redirect.
  const reason: LogText = {
    ...runLog(`refusals.${s.reason ?? "network"}`, {
      host: hostOf(redirected ?? s.url),
      status: String(s.status ?? ""),
    }),
    fallback: s.reason ?? "network",
  };
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
