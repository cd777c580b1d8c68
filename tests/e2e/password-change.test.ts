import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
const id = randomBytes(3).toString("hex");
const account = { username: `cambio_${id}`, email: `cambio.${id}@example.com`, password: `clave-${id}` };

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

async function signedInPage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.fill("#email", account.email);
  await page.fill("#password", account.password);
  await page.locator("[data-testid=login-form] button[type=submit]").click();
  await page.getByTestId("site-header").getByText(`Hola, ${account.username}`).waitFor();
  return { context, page };
}

describe("changing the password in the browser", () => {
  it("ends the other sessions and keeps this one", async () => {
    const here = await signedInPage();
    const elsewhere = await signedInPage();

    await here.page.getByTestId("site-header").getByTestId("password-link").click();
    await here.page.waitForURL(/\/password$/);
    await here.page.getByRole("heading", { name: "Cambiar contraseña" }).waitFor();
    await here.page.fill("#current-password", "no-es-esta");
    await here.page.fill("#new-password", "nueva-clave-1");
    await here.page.fill("#confirm-password", "nueva-clave-1");
    await here.page.locator("[data-testid=password-form] button[type=submit]").click();
    await here.page.getByText("La contraseña actual no es correcta").first().waitFor();

    await here.page.fill("#current-password", account.password);
    await here.page.locator("[data-testid=password-form] button[type=submit]").click();
    await here.page.locator("[data-sonner-toast]", { hasText: "Contraseña cambiada" }).waitFor();

    // This browser stays signed in with its new session; the other one is signed out.
    await here.page.goto(`${baseUrl}/`);
    await here.page.getByTestId("site-header").getByText(`Hola, ${account.username}`).waitFor();
    const other = await elsewhere.page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
    expect(other.user).toBeUndefined();
    await elsewhere.page.goto(`${baseUrl}/`);
    await elsewhere.page.getByTestId("site-header").getByTestId("login-link").waitFor();

    // Signed out, the page sends you to sign in first.
    const anon = await browser.newContext();
    const page = await anon.newPage();
    await page.goto(`${baseUrl}/en/password`);
    expect(new URL(page.url()).pathname).toBe("/en/login");
    await Promise.all([here.context.close(), elsewhere.context.close(), anon.close()]);
  });
});
