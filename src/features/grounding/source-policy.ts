import { env } from "~/platform/env/env.js";

/**
 * The site's promise (docs/product.md §1): official public sources only. A source counts when its host is one of these
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

/**
 * Hosts an operator named for the source fetcher (SOURCE_FETCH_EXTRA_HOSTS: a fixture server standing in for
 * official sites in tests and staging) count as official too, or nothing fetched from them could verify.
 */
const extraHost = (parsed: URL) =>
  env.SOURCE_FETCH_EXTRA_HOSTS.includes(parsed.host.toLowerCase()) ||
  env.SOURCE_FETCH_EXTRA_HOSTS.includes(parsed.hostname.toLowerCase());

export function isOfficialSource(url: string, allowlist = sourceAllowlist()): boolean {
  let host: string;
  let parsed: URL;
  try {
    parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
    host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  if (extraHost(parsed)) return true;
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
