import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPublicAddress } from "~/platform/providers/source-fetcher/address-policy.ts";
import {
  createSourceFetcher,
  type FetchOutcome,
  type SourceFetcherOptions,
} from "~/platform/providers/source-fetcher/index.ts";
import { type FixtureSources, startFixtureSources } from "../support/fixture-sources.ts";

// Real loopback HTTP servers; the fixture server is reachable only because the tests name it as an extra host.
let site: FixtureSources;
let other: FixtureSources;
beforeAll(async () => {
  site = await startFixtureSources();
  other = await startFixtureSources();
});
afterAll(async () => {
  await site.close();
  await other.close();
});
beforeEach(() => {
  site.robots = "User-agent: *\nDisallow: /private/\n";
  site.hits.length = 0;
  site.maxInFlight = 0;
});

const onList = (host: string) => host.endsWith("europa.eu") || host === "localhost" || host === "127.0.0.1";
const fetcher = (opts: Partial<SourceFetcherOptions> = {}) =>
  createSourceFetcher({
    isAllowedHost: onList,
    extraHosts: [site.host],
    userAgent: "RiesgosIA-SourceFetcher/1.0 (+test)",
    ...opts,
  });
const refusal = (o: FetchOutcome) => (o.ok ? "ok" : o.reason);

describe("source fetcher refusals", () => {
  it("refuses schemes other than http(s) and malformed URLs", async () => {
    const f = fetcher();
    for (const url of ["ftp://ec.europa.eu/x", "file:///etc/passwd", "javascript:alert(1)", "not a url"]) {
      const out = await f.fetch(url);
      expect(refusal(out), url).toBe("bad_scheme");
    }
  });

  it("refuses hosts off the allow-list before any request", async () => {
    const out = await fetcher().fetch("https://blog.example.com/post");
    expect(out).toMatchObject({ ok: false, reason: "off_list", detail: expect.stringContaining("blog.example.com") });
  });

  it("refuses loopback addresses, literal or resolved, unless the host is an extra host", async () => {
    const f = fetcher({ extraHosts: [] });
    expect(refusal(await f.fetch(`${site.url}/www.gov.uk/en/aisi-uk.html`))).toBe("private_address");
    // localhost is on the test allow-list but resolves to loopback: the guarded lookup refuses it.
    const resolved = await f.fetch(`http://localhost:${site.port}/www.gov.uk/en/aisi-uk.html`);
    expect(resolved).toMatchObject({
      ok: false,
      reason: "private_address",
      detail: expect.stringContaining("localhost"),
    });
    expect(site.hits).toEqual([]);
    expect(refusal(await fetcher().fetch(`${site.url}/www.gov.uk/en/aisi-uk.html`))).toBe("ok");
  });

  it("classifies private, CGNAT, link-local, unique-local and IPv4-mapped addresses as not public", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ["147.67.34.30", "8.8.8.8", "2a01:7e00::1"]) expect(isPublicAddress(a), a).toBe(true);
  });

  it("re-checks every redirect hop: to a private address and to an off-list host", async () => {
    const toPrivate = await fetcher().fetch(`${site.url}/redirect?to=${encodeURIComponent(`${other.url}/x`)}`);
    expect(toPrivate).toMatchObject({ ok: false, reason: "private_address", finalUrl: `${other.url}/x` });
    expect(other.hits).toEqual([]);
    const toOffList = await fetcher().fetch(
      `${site.url}/redirect?to=${encodeURIComponent("https://evil.example.net/")}`,
    );
    expect(toOffList).toMatchObject({ ok: false, reason: "off_list" });
    const followed = await fetcher().fetch(`${site.url}/redirect?to=/www.gov.uk/en/aisi-uk.html`);
    expect(followed).toMatchObject({ ok: true, finalUrl: `${site.url}/www.gov.uk/en/aisi-uk.html` });
  });

  it("reads a body over the size cap up to the cap and marks it truncated, declared or streamed", async () => {
    const f = fetcher({ maxBytes: 4096 });
    for (const url of [`${site.url}/big?bytes=10000`, `${site.url}/big?bytes=10000&chunked=1`]) {
      const big = await f.fetch(url);
      expect(big, url).toMatchObject({ ok: true, status: 200, truncated: true, title: "Big" });
      const text = big.ok ? big.text : "";
      expect(text).toMatch(/^Big\s+x{3000,}$/);
      expect(text.length).toBeLessThanOrEqual(4096);
    }
    expect(await f.fetch(`${site.url}/big?bytes=1000`)).toMatchObject({ ok: true, truncated: false });
    // A small gzip body that expands past the cap is cut on its decoded size.
    const expanded = await f.fetch(`${site.url}/gzip?bytes=100000`);
    expect(expanded).toMatchObject({ ok: true, truncated: true });
    expect(expanded.ok && expanded.text.length).toBeLessThanOrEqual(4096);
    const gz = await f.fetch(`${site.url}/gzip`);
    expect(gz).toMatchObject({ ok: true, truncated: false });
    expect(gz.ok && gz.text).toContain("travels gzip-compressed with 3 figures");
    // A PDF cut at the cap cannot be parsed: that one is still refused as too big.
    expect(await fetcher({ maxBytes: 1000 }).fetch(`${site.url}/www.boe.es/es/real-decreto-sandbox.pdf`)).toMatchObject(
      { ok: false, reason: "too_big" },
    );
  });

  it("gives up at the time limit", async () => {
    const started = Date.now();
    expect(refusal(await fetcher({ timeoutMs: 400 }).fetch(`${site.url}/hang`))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("honours robots.txt, for * and for its own User-Agent, and a 5xx robots.txt bars everything", async () => {
    expect(await fetcher().fetch(`${site.url}/private/page`)).toMatchObject({
      reason: "robots",
      detail: expect.stringContaining("/private/page"),
    });
    site.robots = "User-agent: RiesgosIA-SourceFetcher\nDisallow: /www.gov.uk/\n\nUser-agent: *\nAllow: /\n";
    expect(refusal(await fetcher().fetch(`${site.url}/www.gov.uk/en/aisi-uk.html`))).toBe("robots");
    expect(refusal(await fetcher().fetch(`${site.url}/www.coe.int/en/convenio-consejo-europa.html`))).toBe("ok");
    site.robots = 503;
    expect(refusal(await fetcher().fetch(`${site.url}/www.coe.int/en/convenio-consejo-europa.html`))).toBe("robots");
    site.robots = 404;
    expect(refusal(await fetcher().fetch(`${site.url}/private/page`))).toBe("ok");
  });

  it("reports a non-2xx answer with its status", async () => {
    expect(await fetcher().fetch(`${site.url}/www.gov.uk/en/missing.html`)).toMatchObject({
      ok: false,
      reason: "http_status",
      status: 404,
    });
  });
});

describe("source fetcher reading", () => {
  it("extracts an HTML page's main text without its navigation, and caches robots.txt per origin", async () => {
    const f = fetcher();
    const out = await f.fetch(`${site.url}/commission.europa.eu/es/ai-act-sanciones.html`);
    if (!out.ok) throw new Error(out.detail);
    expect(out).toMatchObject({
      kind: "html",
      status: 200,
      notModified: false,
      title: expect.stringContaining("Sanciones"),
    });
    expect(out.text).toContain("hasta 35.000.000 euros");
    expect(out.text).toContain("«Las sanciones deben ser efectivas, proporcionadas y disuasorias»");
    expect(out.text).not.toContain("Aviso legal");
    expect(out.text.split("\n").length).toBeGreaterThan(3);
    expect(out.contentHash).toMatch(/^[0-9a-f]{64}$/);
    await f.fetch(`${site.url}/commission.europa.eu/en/ai-act-sanciones.html`);
    expect(site.hits.filter((h) => h === "/robots.txt")).toHaveLength(1);
    expect(f.allows("https://ec.europa.eu/x")).toBe(true);
    expect(f.allows("https://example.com/x")).toBe(false);
  });

  it("extracts a PDF's text and title", async () => {
    const out = await fetcher().fetch(`${site.url}/www.boe.es/es/real-decreto-sandbox.pdf`);
    if (!out.ok) throw new Error(out.detail);
    expect(out.kind).toBe("pdf");
    expect(out.title).toContain("Real Decreto 817/2023");
    expect(out.text.replace(/\s+/g, " ")).toContain(
      "un máximo de 12 sistemas de inteligencia artificial de alto riesgo",
    );
  });

  it("re-fetches conditionally and keeps the previous text on 304", async () => {
    const f = fetcher();
    const first = await f.fetch(`${site.url}/etag`);
    if (!first.ok) throw new Error(first.detail);
    expect(first.etag).toBe('"v1"');
    const again = await f.fetch(`${site.url}/etag`, {
      etag: first.etag,
      lastModified: null,
      text: first.text,
      title: first.title,
      contentHash: first.contentHash,
    });
    expect(again).toMatchObject({
      ok: true,
      notModified: true,
      status: 304,
      text: first.text,
      contentHash: first.contentHash,
    });
    const byDate = await f.fetch(`${site.url}/etag`, {
      etag: null,
      lastModified: first.lastModified,
      text: first.text,
    });
    expect(byDate).toMatchObject({ ok: true, notModified: true });
  });

  it("sends one request at a time to a host", async () => {
    const f = fetcher();
    await f.fetch(`${site.url}/slow?ms=1`); // robots.txt read once beforehand
    site.maxInFlight = 0;
    const started = Date.now();
    const outs = await Promise.all([1, 2, 3, 4].map(() => f.fetch(`${site.url}/slow?ms=120`)));
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(site.maxInFlight).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 120 - 20);
  });
});
