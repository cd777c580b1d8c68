import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { launchBrowser } from "./browser.ts";
import { axeViolations } from "./site-helpers.ts";

/**
 * A form's inline field errors reach screen-reader users: each error line is an alert (announced when it
 * appears) and the control points at it with aria-describedby and is marked aria-invalid; axe finds nothing.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The control's description: the elements aria-describedby names, their roles and texts. */
async function description(page: Page, selector: string) {
  return page.locator(selector).evaluate((control) => ({
    invalid: control.getAttribute("aria-invalid"),
    described: (control.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => {
        const line = document.getElementById(id);
        return { role: line?.getAttribute("role") ?? null, text: line?.textContent ?? null };
      }),
  }));
}

/**
 * The page as axe should judge the form: the failure toast shown alongside is left out (its own colours fail
 * axe's contrast rule, a separate finding about the toast, not about the form's errors).
 */
async function withoutToasts(page: Page) {
  await page.waitForTimeout(1000); // the dialog has faded in
  await page.evaluate(() => {
    // Hidden, not removed: sonner removes its list when the last toast goes, and a list already taken out of
    // the page makes that removal throw, which crashes the page into Next's error document.
    for (const toaster of document.querySelectorAll<HTMLElement>("[data-sonner-toaster]"))
      toaster.style.display = "none";
  });
  return page;
}

describe("inline form errors are announced and linked to their field", () => {
  it("public: the sign-up form's refused e-mail", async () => {
    const id = randomBytes(3).toString("hex");
    // An address of its own (the server trusts one proxy hop): other files' sign-ups share the per-address limit.
    const client = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const taken = { username: `primera_${id}`, email: `primera.${id}@example.com`, password: `clave-${id}` };
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(taken),
    });
    expect(res.ok, await res.text()).toBe(true);
    const page = await (await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": client } })).newPage();
    await page.goto(`${baseUrl}/register`);
    await page.fill("#username", `segunda_${id}`);
    await page.fill("#email", taken.email);
    await page.fill("#password", taken.password);
    await page.fill("#confirm-password", taken.password);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.getByRole("alert").filter({ hasText: "Ya existe una cuenta con este email" }).waitFor();
    expect(await description(page, "#email")).toEqual({
      invalid: "true",
      described: [{ role: "alert", text: "Ya existe una cuenta con este email" }],
    });
    expect(await axeViolations(await withoutToasts(page))).toEqual([]);
    await page.context().close();
  });

  it("admin: the agent form's required and out-of-range fields", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${baseUrl}/admin/agentes`);
    await page.waitForURL(/\/login/);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.getByTestId("agents-new").click();
    await page.fill("#agent-targetLength", "5000");
    await page.getByTestId("agent-form-submit").click();
    await page.getByRole("alert").filter({ hasText: "Debe estar entre 200 y 2000" }).waitFor();
    expect(await description(page, "#agent-name")).toEqual({
      invalid: "true",
      described: [{ role: "alert", text: "Campo obligatorio" }],
    });
    expect(await description(page, "#agent-targetLength")).toEqual({
      invalid: "true",
      described: [{ role: "alert", text: "Debe estar entre 200 y 2000" }],
    });
    // A field without an error is neither invalid nor described by an error line.
    expect((await description(page, "#agent-description")).invalid).toBeNull();
    expect(await axeViolations(await withoutToasts(page))).toEqual([]);
    await page.context().close();
  });

  it("admin: manual generation's blank prompt, left or submitted with Enter, while the button stays disabled", async () => {
    const REQUIRED = "Por favor, escribe un prompt para generar contenido";
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${baseUrl}/login?callbackUrl=/admin/publicaciones`);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.getByTestId("publications-generate").click();
    const dialog = page.getByTestId("manual-generation-dialog");
    const submit = dialog.getByTestId("manual-submit");
    const prompt = dialog.locator("#manual-prompt");
    await prompt.waitFor();
    // Untouched: no error yet, and the button is disabled (SPEC).
    expect(await description(page, "#manual-prompt")).toEqual({ invalid: null, described: [] });
    expect(await submit.isDisabled()).toBe(true);

    // Left blank (only spaces typed): the field's error appears.
    await prompt.focus();
    await prompt.pressSequentially("   ");
    await page.keyboard.press("Tab");
    await dialog.getByRole("alert").filter({ hasText: REQUIRED }).waitFor();
    expect(await description(page, "#manual-prompt")).toEqual({
      invalid: "true",
      described: [{ role: "alert", text: REQUIRED }],
    });
    expect(await submit.isDisabled()).toBe(true);

    // Typing clears it and enables the button.
    await prompt.fill("Resume el nuevo código de buenas prácticas");
    await dialog.getByRole("alert").filter({ hasText: REQUIRED }).waitFor({ state: "detached" });
    expect(await submit.isEnabled()).toBe(true);

    // Emptied, then Enter in the prompt: the error again, nothing sent, the button disabled.
    await prompt.fill("");
    await prompt.focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("alert").filter({ hasText: REQUIRED }).waitFor();
    expect(await prompt.inputValue()).toBe("");
    expect(await submit.isDisabled()).toBe(true);

    expect(await axeViolations(await withoutToasts(page))).toEqual([]);
    await page.context().close();
  });
});
