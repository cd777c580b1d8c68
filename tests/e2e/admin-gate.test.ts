import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { watchCsp } from "./csp-watch.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
const violations: string[] = [];

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const seen = watchCsp(page);
  page.on("close", () => violations.push(...seen));
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TABS = [
  { label: "Suscripciones", slug: "suscripciones", testid: "admin-tab-subscriptions" },
  { label: "Newsletters", slug: "newsletters", testid: "admin-tab-newsletters" },
  { label: "Agentes IA", slug: "agentes", testid: "admin-tab-agents" },
  { label: "Publicaciones", slug: "publicaciones", testid: "admin-tab-publications" },
  { label: "Migración", slug: "migracion", testid: "admin-tab-migration" },
  { label: "Auditoría", slug: "auditoria", testid: "admin-tab-audit" },
  { label: "Trabajos", slug: "trabajos", testid: "admin-tab-jobs" },
  { label: "Estadísticas", slug: "estadisticas", testid: "admin-tab-stats" },
  { label: "Avisos de lectores", slug: "avisos", testid: "admin-tab-reader-reports" },
  { label: "Respuestas del fediverso", slug: "respuestas-fediverso", testid: "admin-tab-fediverse-replies" },
  { label: "Fediverso", slug: "fediverso", testid: "admin-tab-fediverse" },
];

describe("admin gate", () => {
  it("sends a signed-out visitor from /admin to /login", async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/admin/agentes`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fadmin%2Fagentes$/);
    await page.getByTestId("login-form").waitFor();
    await page.close();
  });

  it("takes an admin through sign-in to every tab, each with its own URL", async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fadmin$/);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByTestId("admin-panel").waitFor();
    await page.getByTestId("admin-username").getByText("Conectado como").waitFor();
    expect(await page.getByRole("tab").allTextContents()).toEqual(TABS.map((t) => t.label));
    await page.getByTestId(TABS[0]!.testid).waitFor({ state: "attached" });
    await screenshot(page, "admin-panel");

    // Every tab from the second on, then back to the first (clicking the selected tab does nothing).
    for (const tab of [...TABS.slice(1), TABS[0]!]) {
      await page.getByRole("tab", { name: tab.label, exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/${tab.slug}`);
      await page.getByTestId(tab.testid).waitFor({ state: "attached" });
      expect(await page.getByRole("tab", { name: tab.label, exact: true }).getAttribute("aria-selected")).toBe("true");
    }

    // Trabajos: the Friday schedule with its next fire, in the embedded engine of a zero-config start.
    await page.goto(`${baseUrl}/admin/trabajos`);
    await page.locator('[data-testid="job-schedule"][data-name="newsletter/weekly.scheduled"]').waitFor();

    // Deep link straight to a tab.
    await page.goto(`${baseUrl}/admin/agentes`);
    await page.getByTestId("admin-tab-agents").waitFor({ state: "attached" });
    expect(await page.getByRole("tab", { name: "Agentes IA" }).getAttribute("aria-selected")).toBe("true");

    // A tab switch moves the URL without fetching the panel again: a sub-tab chosen at once stays chosen (a
    // router navigation remounted the panel when the server answered, and Publicaciones snapped back to
    // Pendientes). Back and forward move between the tabs the URL names. A slow server is simulated: any fetch
    // of the panel's page is held for 1.5 s.
    await page.route(/\/admin\/publicaciones\?_rsc=/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("tab", { name: "Publicaciones" }).click();
    await page.getByTestId("publications-approved-tab").click();
    await page.waitForURL(`${baseUrl}/admin/publicaciones`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("publications-approved-tab").getAttribute("aria-selected")).toBe("true");
    const selected = (label: string) =>
      page.getByRole("tab", { name: label, exact: true }).getAttribute("aria-selected");
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/agentes`);
    await expect.poll(() => selected("Agentes IA")).toBe("true");
    await page.goForward();
    await page.waitForURL(`${baseUrl}/admin/publicaciones`);
    await expect.poll(() => selected("Publicaciones")).toBe("true");

    // The header's Admin button is there for an admin, and the users section lists accounts.
    await page.getByTestId("site-header").getByTestId("admin-link").waitFor();
    await page.getByTestId("admin-users-link").click();
    await page.waitForURL(`${baseUrl}/admin/usuarios`);
    await page.getByTestId("admin-user-row").filter({ hasText: E2E_ADMIN.email }).waitFor();

    await page.getByTestId("admin-logout").click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId("site-header").getByTestId("login-link").waitFor();
    await page.close();
  });

  it("shows 'Acceso denegado' to a signed-in non-admin and sends them to /", async () => {
    const page = await freshPage();
    const id = randomBytes(3).toString("hex");
    await page.goto(`${baseUrl}/register`);
    await page.fill("#username", `usuario_${id}`);
    await page.fill("#email", `usuario.${id}@example.com`);
    await page.fill("#password", `clave-${id}`);
    await page.fill("#confirm-password", `clave-${id}`);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/admin`);
    await page.locator("[data-sonner-toast]", { hasText: "Acceso denegado" }).waitFor();
    await page.getByText("No tienes permisos para acceder al panel de administración").waitFor();
    await page.waitForURL(`${baseUrl}/`);
    // The server holds the same line: an admin procedure answers 403 with this user's cookie.
    const status = await page.evaluate(() => fetch("/api/trpc/admin.users.list").then((r) => r.status));
    expect(status).toBe(403);
    await page.close();
  });

  it("reported no CSP violations", () => {
    expect(violations).toEqual([]);
  });
});
