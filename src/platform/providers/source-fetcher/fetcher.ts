import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { isPublicAddress } from "./address-policy.ts";
import { decodeBody, kindOf } from "./decode.ts";
import { extractHtml } from "./extract-html.ts";
import { extractPdf } from "./extract-pdf.ts";
import { FetchError } from "./fetch-error.ts";
import { createHostQueue } from "./host-queue.ts";
import { hostOf, isExtraHost } from "./hosts.ts";
import { type Exchange, exchange } from "./http-exchange.ts";
import { isNotFoundPage } from "./not-found-page.ts";
import { createRobotsGate, type RobotsAnswer } from "./robots.ts";
import type { FetchOutcome, PreviousFetch, SourceFetcher, SourceFetcherOptions } from "./types.ts";

const MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const ROBOTS_MAX_BYTES = 512 * 1024;
const DEFAULT_USER_AGENT = "RiesgosIA-SourceFetcher/1.0";

/**
 * Reads official sources for grounded drafting. Each URL (and each redirect hop) must be http(s), on the
 * allow-list or an operator-named extra host, on a public address unless it is an extra host, allowed by
 * robots.txt; bodies are read up to a size cap (a longer one is kept truncated) and the whole fetch is
 * capped in time; one request at a time per host.
 */
export function createSourceFetcher(options: SourceFetcherOptions): SourceFetcher {
  const extraHosts = options.extraHosts ?? [];
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const queue = createHostQueue();

  /** Throws the refusal for a URL the fetcher may not request; returns whether it is an extra host. */
  function checkUrl(url: URL): boolean {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new FetchError("bad_scheme", `${url.protocol.replace(/:$/, "")} is not http or https`);
    if (url.username || url.password) throw new FetchError("bad_scheme", "URLs with credentials are refused");
    const extra = isExtraHost(url, extraHosts);
    if (!extra && !options.isAllowedHost(hostOf(url)))
      throw new FetchError("off_list", `${hostOf(url)} is not on the official-source allow-list`);
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (!extra && isIP(literal) && !isPublicAddress(literal))
      throw new FetchError("private_address", `${literal} is a loopback/private/reserved address`);
    return extra;
  }

  /** GET with redirects followed by hand, every hop re-checked. */
  async function follow(
    start: URL,
    deadline: number,
    hop: (url: URL) => Promise<void>,
    request: (url: URL, extra: boolean) => Promise<Exchange>,
    visit: (url: URL) => void = () => {},
  ): Promise<{ url: URL; res: Exchange }> {
    let url = start;
    for (let hops = 0; ; hops++) {
      visit(url);
      const extra = checkUrl(url);
      await hop(url);
      const res = await queue(url.host, () => request(url, extra));
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
        if (hops >= MAX_REDIRECTS) throw new FetchError("network", `more than ${MAX_REDIRECTS} redirects`, res.status);
        try {
          url = new URL(location, url);
        } catch {
          throw new FetchError("network", `redirect to an invalid location: ${location}`, res.status);
        }
        if (Date.now() >= deadline) throw new FetchError("timeout", "time limit reached while following redirects");
        continue;
      }
      return { url, res };
    }
  }

  const readRobots = async (robotsUrl: URL): Promise<RobotsAnswer> => {
    const deadline = Date.now() + Math.min(timeoutMs, 10_000);
    try {
      const { res } = await follow(
        robotsUrl,
        deadline,
        async () => {},
        (url, extra) =>
          exchange(url, {
            headers: { "user-agent": userAgent, accept: "text/plain" },
            allowPrivate: extra,
            maxBytes: ROBOTS_MAX_BYTES,
            deadline,
            wantBody: (s) => s >= 200 && s < 300,
          }),
      );
      if (res.status >= 200 && res.status < 300) return { kind: "rules", text: res.body.toString("utf8") };
      if (res.status >= 500) return { kind: "unreachable", status: res.status };
      return { kind: "none" };
    } catch (err) {
      // The page itself would be refused for these; any other trouble reading robots.txt is not a rule.
      if (err instanceof FetchError && (err.reason === "private_address" || err.reason === "timeout")) throw err;
      return { kind: "none" };
    }
  };
  const assertRobotsAllow = createRobotsGate(userAgent, readRobots);

  async function fetchSource(raw: string, previous?: PreviousFetch): Promise<FetchOutcome> {
    const deadline = Date.now() + timeoutMs;
    let current: URL | null = null;
    try {
      let start: URL;
      try {
        start = new URL(raw);
      } catch {
        throw new FetchError("bad_scheme", "not a valid absolute URL");
      }
      const headers: Record<string, string> = {
        "user-agent": userAgent,
        accept: "text/html,application/xhtml+xml,application/pdf,text/plain;q=0.8",
        "accept-encoding": "gzip, deflate, br",
      };
      if (previous?.etag) headers["if-none-match"] = previous.etag;
      if (previous?.lastModified) headers["if-modified-since"] = previous.lastModified;
      const { url, res } = await follow(
        start,
        deadline,
        assertRobotsAllow,
        (hopUrl, extra) =>
          exchange(hopUrl, { headers, allowPrivate: extra, maxBytes, deadline, wantBody: (s) => s >= 200 && s < 300 }),
        (hopUrl) => {
          current = hopUrl;
        },
      );
      const etag = headerValue(res.headers.etag);
      const lastModified = headerValue(res.headers["last-modified"]);
      const base = { ok: true as const, url: raw, finalUrl: url.href, fetchedAt: new Date(), etag, lastModified };
      if (res.status === 304 && previous?.text !== undefined) {
        const text = previous.text;
        return {
          ...base,
          status: 304,
          etag: etag ?? previous.etag,
          lastModified: lastModified ?? previous.lastModified,
          title: previous.title ?? url.href,
          text,
          contentHash: previous.contentHash ?? sha256(text),
          kind: "text",
          notModified: true,
          truncated: previous.truncated ?? false,
        };
      }
      if (res.status < 200 || res.status >= 300)
        throw new FetchError("http_status", `${url.href} answered ${res.status}`, res.status);
      const kind = kindOf(res.headers, res.body);
      if (!kind)
        throw new FetchError(
          "unsupported_type",
          `${res.headers["content-type"] ?? "no content type"} is not HTML, PDF or text`,
          res.status,
        );
      const extracted =
        kind === "pdf"
          ? await extractPdf(res.body, url.href).catch((err: Error) => {
              // A PDF cut at the cap has no trailer to read it by: it is refused as too big, not unreadable.
              if (res.truncated)
                throw new FetchError(
                  "too_big",
                  `a PDF over the ${maxBytes}-byte cap cannot be read in part`,
                  res.status,
                );
              throw new FetchError("unsupported_type", `unreadable PDF: ${err.message}`, res.status);
            })
          : kind === "html"
            ? extractHtml(decodeBody(res.headers, res.body, kind), url.href)
            : { title: url.href, text: decodeBody(res.headers, res.body, kind).trim() };
      if (!extracted.text) throw new FetchError("unsupported_type", "no text could be extracted", res.status);
      if (kind === "html" && isNotFoundPage(extracted))
        throw new FetchError(
          "not_found_page",
          `${url.href} answered ${res.status} with a "page not found" page`,
          res.status,
        );
      return {
        ...base,
        status: res.status,
        kind,
        ...extracted,
        contentHash: sha256(extracted.text),
        notModified: false,
        truncated: res.truncated,
      };
    } catch (err) {
      const failure = err instanceof FetchError ? err : new FetchError("network", (err as Error).message);
      const finalUrl: string | null = (current as URL | null)?.href ?? null;
      return { ok: false, url: raw, finalUrl, reason: failure.reason, status: failure.status, detail: failure.detail };
    }
  }

  return {
    fetch: fetchSource,
    allows(raw: string) {
      try {
        checkUrl(new URL(raw));
        return true;
      } catch {
        return false;
      }
    },
  };
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
