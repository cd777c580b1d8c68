import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "./browser.ts";
import { watchCsp } from "./csp-watch.ts";

/** /api/docs: Swagger UI over /api/openapi.json, served offline by this server under its own CSP. */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("API reference at /api/docs", () => {
  it("serves Swagger UI from this server (no CDN) under a CSP without inline scripts, listing access", async () => {
    const res = await fetch(`${baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' 'self'; script");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    expect(html).toContain("<code>POST /api/agents/execute-all</code></td><td>admin (session cookie, role admin)");
    expect(html).toContain("<code>POST /api/auth/login</code></td><td>public");
    for (const [asset, type] of [
      ["swagger-ui-bundle.js", "text/javascript"],
      ["swagger-ui.css", "text/css"],
      ["init.js", "text/javascript"],
    ]) {
      const file = await fetch(`${baseUrl}/api/docs/assets/${asset}`);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get("content-type"), asset).toContain(type);
    }
    expect((await fetch(`${baseUrl}/api/docs/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/docs/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it("renders every operation in Chromium with no CSP violation or script error", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const violations = watchCsp(page);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    const external: string[] = [];
    page.on("request", (req) => {
      if (!req.url().startsWith(baseUrl) && !req.url().startsWith("data:")) external.push(req.url());
    });
    await page.goto(`${baseUrl}/api/docs`);
    await page.locator(".opblock").first().waitFor({ timeout: 30_000 });
    const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(await page.locator(".opblock").count()).toBe(operations);
    // Operations that need a session show Swagger UI's lock; public ones do not.
    expect(await page.locator(".opblock .authorization__btn").count()).toBeGreaterThan(0);
    await screenshot(page, "api-docs");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  });
});
