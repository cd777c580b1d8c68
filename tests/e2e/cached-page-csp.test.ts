import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page, Response as PageResponse } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { hydrate, launchBrowser } from "./browser.ts";
import { watchCsp } from "./csp-watch.ts";
import { article } from "./site-helpers.ts";

const baseUrl = inject("baseUrl");
const SLOW = { timeout: 15_000 };
const ARTICLE = `/noticias/${article.slug}`;
const READER_PAGES = ["/", "/en", "/noticias", ARTICLE, `/en${ARTICLE}`, "/referentes", "/entrevistas"];

let browser: Browser;
let context: BrowserContext | undefined;
/** A script host on another origin: what an injected <script src> would load. */
let evil: http.Server;
let evilUrl: string;
let evilRequests = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  evil = http.createServer((_req, res) => {
    evilRequests++;
    res.writeHead(200, { "content-type": "text/javascript" });
    res.end("window.__injectedExternal = true;");
  });
  await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/x.js`;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => evil.close(resolve));
});

async function freshPage(width = 1280): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** The CSP hash source of each inline script in the HTML (not src=, not a JSON-LD data block). */
function inlineHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs ?? "") && !/application\/ld\+json/.test(attrs ?? ""))
    .map(
      ([, , body]) =>
        `'sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}'`,
    );
}

/**
 * Fetched until Next answers from its cache with a fresh copy. The first request of a page may be the one that
 * stores it; a copy older than its time limit (the data's safety-net TTL) is answered once more as STALE while
 * Next renders the new one in the background, which takes a moment on a loaded machine.
 */
async function cachedResponse(path: string) {
  let last: { status: number; headers: Headers; body: string } | undefined;
  for (let i = 0; i < 40; i++) {
    const r = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    last = { status: r.status, headers: r.headers, body: await r.text() };
    if (r.headers.get("x-nextjs-cache") === "HIT") return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last!;
}

/**
 * A cached answer and the next one, both from the cache. Other files of this tier publish and edit articles
 * on the same server while this one runs, and each such write rightly expires every article page (their
 * related lists): a pair the write fell between is read again, a few times at most.
 */
async function twoCachedAnswers(path: string) {
  let pair: { first: Awaited<ReturnType<typeof cachedResponse>>; again: Response } | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const first = await cachedResponse(path);
    const again = await fetch(`${baseUrl}${path}`);
    pair = { first, again };
    if (first.headers.get("x-nextjs-cache") === "HIT" && again.headers.get("x-nextjs-cache") === "HIT") break;
  }
  return pair!;
}

/**
 * The page opened in a fresh browser, from the cache. As above, a write of another file between the warm-up
 * and the load makes that load a render: the page is then opened again. `prepare` runs on each new page first.
 */
async function openCached(path: string, width = 1280, prepare?: (page: Page) => Promise<unknown>) {
  let opened:
    | { page: Page; violations: string[]; response: PageResponse | null; cache: string | undefined }
    | undefined;
  for (let attempt = 0; attempt < 5 && opened?.cache !== "HIT"; attempt++) {
    await cachedResponse(path);
    const page = await freshPage(width);
    const violations = watchCsp(page);
    await prepare?.(page);
    const response = await page.goto(`${baseUrl}${path}`);
    opened = { page, violations, response, cache: response?.headers()["x-nextjs-cache"] };
  }
  return opened!;
}

describe("reader pages come from Next's cache with a script-hash CSP", () => {
  it("serves each reader page from the cache, the same bytes twice, with every inline script hashed and no nonce", async () => {
    for (const path of READER_PAGES) {
      const { first, again } = await twoCachedAnswers(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-nextjs-cache"), path).toBe("HIT");
      expect(again.headers.get("x-nextjs-cache"), path).toBe("HIT");
      expect(await again.text(), path).toBe(first.body);

      const csp = first.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toContain("nonce-");
      expect(first.body, path).not.toMatch(/nonce="/);
      // The stored policy (one of the two the browser enforces) lists exactly the page's inline scripts.
      const stored = csp.split(",").find((policy) => policy.includes("'sha256-"));
      const scriptSrc = stored?.split(";").find((d) => d.trim().startsWith("script-src"));
      const hashes = inlineHashes(first.body);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(scriptSrc, path).toContain(hash);
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      // Next's chunks carry Subresource Integrity.
      expect(first.body, path).toMatch(/<script src="\/_next\/static\/[^"]+" integrity="sha256-/);
    }
  });

  it("blocks an inline and an external script injected into a cached page, while the page's own scripts run", async () => {
    let cacheHeader: string | undefined;
    const { page, violations } = await openCached(ARTICLE, 1280, (fresh) =>
      fresh.route(`${baseUrl}${ARTICLE}`, async (route) => {
        const response = await route.fetch();
        cacheHeader = response.headers()["x-nextjs-cache"];
        const injected = `<script>window.__injectedInline = true;</script><script src="${evilUrl}"></script>`;
        await route.fulfill({ response, body: (await response.text()).replace("</body>", `${injected}</body>`) });
      }),
    );
    expect(cacheHeader).toBe("HIT");
    // The site's own scripts ran (loaded on the reader's intent): the page hydrated, and its language toggle
    // navigates in the browser.
    await hydrate(page);
    await page.click("[data-testid=language-toggle]");
    await page.waitForURL(`${baseUrl}/en${ARTICLE}`, SLOW);
    await expect.poll(() => page.textContent("h1"), SLOW).toBe(article.title_en);

    expect(await page.evaluate(() => (window as { __injectedInline?: boolean }).__injectedInline)).toBeUndefined();
    expect(await page.evaluate(() => (window as { __injectedExternal?: boolean }).__injectedExternal)).toBeUndefined();
    expect(evilRequests).toBe(0);
    expect(violations.some((v) => /script-src/.test(v) && /inline/.test(v))).toBe(true);
    expect(violations.some((v) => v.includes(new URL(evilUrl).host))).toBe(true);
  });
});

describe("the islands work on cached pages", () => {
  it("menu, newsletter form with its toasts and language toggle, anonymously, with no CSP violation", async () => {
    const { page, violations, cache } = await openCached("/", 390);
    expect(cache).toBe("HIT");

    await page.click("[data-testid=mobile-menu-button]");
    const nav = page.locator("[data-testid=mobile-nav]");
    await nav.waitFor(SLOW);
    expect(await nav.locator("a").count()).toBe(8);
    await page.getByRole("button", { name: "Cerrar menú" }).click();
    await nav.waitFor({ state: "detached", ...SLOW });

    const block = page.locator("#newsletter");
    await block.locator("#newsletter-email").fill(`cache-csp-${Date.now()}@example.com`);
    await block.getByRole("button").first().click();
    await page.locator("[data-sonner-toast]").getByText("¡Suscrito! 🎉", { exact: true }).waitFor(SLOW);

    await page.click("[data-testid=language-toggle]");
    await page.waitForURL(`${baseUrl}/en`, SLOW);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(violations).toEqual([]);
  });

  it("a signed-in visitor gets the same cached page, and the header shows who is signed in", async () => {
    let login = 0;
    const { page, violations, cache, response } = await openCached(ARTICLE, 1280, async (fresh) => {
      login = (await fresh.request.post(`${baseUrl}/api/auth/login`, { data: E2E_ADMIN })).status();
    });
    expect(login).toBe(200);
    expect(cache).toBe("HIT");
    // Never stored by a shared cache: it is a signed-in visitor's response.
    expect(response?.headers()["cache-control"]).not.toMatch(/s-maxage/);
    // Signed in through the API, this browser has no mark of its session yet: the header asks on the first intent.
    await hydrate(page);
    await page.getByTestId("site-header").getByTestId("admin-link").waitFor(SLOW);
    expect(violations).toEqual([]);
  });
});
