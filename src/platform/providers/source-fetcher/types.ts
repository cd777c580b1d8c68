/** Why the fetcher refused or failed to read a source: exactly one reason per failure. */
export type FetchRefusal =
  | "bad_scheme"
  | "off_list"
  | "private_address"
  | "too_big"
  | "timeout"
  | "robots"
  | "http_status"
  | "unsupported_type"
  | "not_found_page"
  | "network";

export interface FetchedSource {
  ok: true;
  url: string;
  finalUrl: string;
  status: number;
  fetchedAt: Date;
  /** sha256 (hex) of the extracted text. */
  contentHash: string;
  title: string;
  text: string;
  kind: "html" | "pdf" | "text";
  etag: string | null;
  lastModified: string | null;
  /** True when the server answered 304 to a conditional GET: text/title are the previous ones. */
  notModified: boolean;
  /** True when the document was longer than the size cap: the text is what its first maxBytes held. */
  truncated: boolean;
}

export interface FetchFailure {
  ok: false;
  url: string;
  finalUrl: string | null;
  reason: FetchRefusal;
  status: number | null;
  detail: string;
}

export type FetchOutcome = FetchedSource | FetchFailure;

export interface SourceFetcherOptions {
  /** The site's official-source allow-list (the caller owns it: the platform never imports a feature). */
  isAllowedHost: (host: string) => boolean;
  /** Operator-named hosts (`host` or `host:port`) that may be reached even on a private address. */
  extraHosts?: string[];
  userAgent?: string;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface PreviousFetch {
  etag: string | null;
  lastModified: string | null;
  text?: string;
  title?: string;
  contentHash?: string;
  truncated?: boolean;
}

export interface SourceFetcher {
  fetch(url: string, previous?: PreviousFetch): Promise<FetchOutcome>;
  /** True when the URL's scheme and host would be accepted (allow-list or extra host); no request is made. */
  allows(url: string): boolean;
}
