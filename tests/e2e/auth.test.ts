import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "./browser.ts";
import { watchCsp } from "./csp-watch.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  violations = watchCsp(page);
});
afterAll(async () => {
  await browser?.close();
});

const id = randomBytes(3).toString("hex");
const account = { username: `lectora_${id}`, email: `lectora.${id}@example.com`, password: `clave-${id}` };
const toast = (text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

describe("accounts in the browser", () => {
  it("serves the security headers on a page (curl -I)", async () => {
    // A page rendered per request has a nonce; a reader page served from Next's cache, script hashes
    // (tests/e2e/cached-page-csp.test.ts).
    const res = await fetch(`${baseUrl}/login`, { method: "HEAD" });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    const api = await fetch(`${baseUrl}/api/trpc/health.check`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("validates the sign-up form with the spec's texts, then registers and lands on / signed in", async () => {
    await page.goto(`${baseUrl}/register`);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await toast("Por favor completa todos los campos").waitFor();

    await page.fill("#username", account.username);
    await page.fill("#email", account.email);
    await page.fill("#password", account.password);
    await page.fill("#confirm-password", `${account.password}x`);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await toast("Las contraseñas no coinciden").waitFor();

    await page.fill("#password", "123");
    await page.fill("#confirm-password", "123");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await toast("La contraseña debe tener al menos 6 caracteres").waitFor();

    await page.fill("#password", account.password);
    await page.fill("#confirm-password", account.password);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await toast("Registro exitoso").waitFor();
    await page.waitForURL(`${baseUrl}/`);
    const header = page.getByTestId("site-header");
    await header.getByText(`Hola, ${account.username}`).waitFor();
    expect(await header.getByTestId("admin-link").count()).toBe(0);

    // next-auth's own session endpoint accepts the cookie our sign-up set.
    const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
    expect(session.user).toMatchObject({ username: account.username, role: "user" });
    const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  it("refuses a second account with the same e-mail in other case", async () => {
    const other = await browser.newContext();
    const p = await other.newPage();
    await p.goto(`${baseUrl}/register`);
    await p.fill("#username", `otra_${id}`);
    await p.fill("#email", account.email.toUpperCase());
    await p.fill("#password", account.password);
    await p.fill("#confirm-password", account.password);
    await p.getByRole("button", { name: "Crear cuenta" }).click();
    await p.locator("[data-sonner-toast]", { hasText: "No se pudo crear la cuenta" }).waitFor();
    await p.getByText("Ya existe una cuenta con este email").waitFor();
    await other.close();
  });

  it("logs out at once, then signs in again (wrong password first)", async () => {
    await page.getByTestId("site-header").getByTestId("logout-button").click();
    await page.getByTestId("site-header").getByTestId("login-link").waitFor();
    expect(await page.getByText(`Hola, ${account.username}`).count()).toBe(0);
    const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
    expect(session.user).toBeUndefined();

    await page.getByTestId("site-header").getByTestId("login-link").click();
    await page.waitForURL(/\/login$/);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast("Por favor completa todos los campos").waitFor();
    await page.fill("#email", account.email);
    await page.fill("#password", "contraseña-incorrecta");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast("Credenciales inválidas").waitFor();

    await page.fill("#password", account.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast(`¡Bienvenido, ${account.username}!`).waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId("site-header").getByText(`Hola, ${account.username}`).waitFor();
    await screenshot(page, "auth-signed-in");
  });

  it("reported no CSP violations", () => {
    expect(violations).toEqual([]);
  });
});
