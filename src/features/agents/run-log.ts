import type { SnapshotView, VerificationReport } from "~/features/publications/index.ts";
import { codeTranslatorFor, translatorFor } from "~/platform/i18n/translator.ts";

/**
 * The lines an agent run's log shows about its sources and its verification, each wholly in the admin's
 * language (Spanish, the newsroom's, unless told otherwise): refusals with their reason said once, redirects
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
export function sourceLines(s: SnapshotView, locale = "es"): string[] {
  const log = translatorFor(locale, "jobLogs.agentRun");
  const redirected = s.finalUrl && !sameAddress(s.url, s.finalUrl) ? s.finalUrl : null;
  if (s.ok) {
    const title = s.title || s.finalUrl;
    const read = redirected
      ? log("sourceReadRedirected", { url: s.url, target: redirected, title })
      : log("sourceRead", { url: s.url, title });
    return s.truncated ? [read, log("sourceTruncated", { url: s.url })] : [read];
  }
  const refusals = codeTranslatorFor(locale, "jobLogs");
  const key = `agentRun.refusals.${s.reason ?? "network"}`;
  // The reason names the address it is about: the redirect's target when the refusal came after a redirect.
  const reason = refusals.has(key)
    ? refusals(key, { host: hostOf(redirected ?? s.url), status: String(s.status ?? "") })
    : refusals("agentRun.refusals.network");
  return [
    redirected
      ? log("sourceRefusedRedirected", { url: s.url, target: redirected, reason })
      : log("sourceRefused", { url: s.url, reason }),
  ];
}

/** The verification's summary line and one line per finding (the first 20), named as the desk names them. */
export function verificationLines(report: VerificationReport, languages: string[], locale = "es"): string[] {
  const log = translatorFor(locale, "jobLogs.agentRun");
  const desk = codeTranslatorFor(locale, "adminDesk");
  const named = (key: string, fallback: string) => (desk.has(key) ? desk(key) : fallback);
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
