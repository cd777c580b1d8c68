import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { launchBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The values a black-box test used to send the browser to another site after signing in.
const ATTACKS = [
  "/login?callbackUrl=%2F%09%2Fevil.example%2F",
  "/login?callbackUrl=%2F%0A%2Fevil.example%2F",
  "/en/login?callbackUrl=%2F..%2F%2Fevil.example",
  "/login?callbackUrl=https%3A%2F%2Fevil.example%2F",
];

describe("no open redirect after sign-in", () => {
  it.each(ATTACKS)("%s stays on the site", async (path) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.protocol.startsWith("http") && url.origin !== baseUrl) elsewhere.push(req.url());
    });
    await page.goto(`${baseUrl}${path}`);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.locator("[data-testid=login-form] button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 15_000 });
    await page.waitForLoadState("load");
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it("still returns to a page of the site named in callbackUrl", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?callbackUrl=%2Fnoticias%3Fq%3Dx`);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.locator("[data-testid=login-form] button[type=submit]").click();
    await page.waitForURL(`${baseUrl}/noticias?q=x`, { timeout: 15_000 });
    await context.close();
  });
});

describe("where sign-in lands, and how", () => {
  /** Signs the admin in from `path`; true when the page it lands on is the same document (client-routed). */
  async function signInFrom(path: string, landing: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.evaluate(() => {
      (window as { signInMarker?: boolean }).signInMarker = true;
    });
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.locator("[data-testid=login-form] button[type=submit]").click();
    await page.waitForURL(`${baseUrl}${landing}`, { timeout: 15_000 });
    await page
      .getByText(/Bienvenido/)
      .first()
      .waitFor({ timeout: 15_000 });
    const sameDocument = await page.evaluate(() => (window as { signInMarker?: boolean }).signInMarker === true);
    await context.close();
    return sameDocument;
  }

  it("routes to a gated desk section without loading a document: its controls answer at once", async () => {
    expect(await signInFrom("/login?callbackUrl=%2Fadmin%2Fagentes", "/admin/agentes")).toBe(true);
  });

  it("loads a reader page as a document (its static parts are not in the router's payload), with the welcome", async () => {
    expect(await signInFrom("/login", "/")).toBe(false);
  });
});
