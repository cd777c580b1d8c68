import { env } from "~/platform/env/env.js";

/**
 * The site's promise (SPEC §1): official public sources only. A source counts when its host is one of these
 * domains or a subdomain of one. SOURCE_ALLOWLIST (comma-separated) replaces the defaults.
 */
const DEFAULT_SOURCE_ALLOWLIST = [
  "europa.eu", // Commission, AI Office, EUR-Lex, European Parliament, EDPS…
  "coe.int",
  "nist.gov",
  "ai.gov",
  "whitehouse.gov",
  "oecd.ai",
  "oecd.org",
  "gov.uk", // incl. aisi.gov.uk
  "unesco.org",
  "ilo.org",
  "un.org",
  "who.int",
  "aesia.digital.gob.es",
  "boe.es",
  "gob.es",
  "aepd.es",
];

function sourceAllowlist(): string[] {
  const custom = env.SOURCE_ALLOWLIST?.split(",")
    .map((d) =>
      d
        .trim()
        .toLowerCase()
        .replace(/^\*?\./, ""),
    )
    .filter(Boolean);
  return custom?.length ? custom : DEFAULT_SOURCE_ALLOWLIST;
}

export function isOfficialSource(url: string, allowlist = sourceAllowlist()): boolean {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
    host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  return allowlist.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

export interface SourceCheck {
  /** True when the article must wait for an editor whatever auto_publish says. */
  reviewRequired: boolean;
  /** Sources outside the allow-list (or malformed). */
  rejected: string[];
  reason: "ok" | "noSources" | "unofficialSources";
}

export function checkSources(sources: { url: string }[], allowlist = sourceAllowlist()): SourceCheck {
  if (sources.length === 0) return { reviewRequired: true, rejected: [], reason: "noSources" };
  const rejected = sources.map((s) => s.url).filter((url) => !isOfficialSource(url, allowlist));
  return rejected.length
    ? { reviewRequired: true, rejected, reason: "unofficialSources" }
    : { reviewRequired: false, rejected: [], reason: "ok" };
}
