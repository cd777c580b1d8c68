import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const run = randomBytes(4).toString("hex");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

describe("/contacto", () => {
  it("refuses an incomplete form with the validation toast and sends nothing", async () => {
    await page.goto(`${baseUrl}/contacto`);
    const form = page.getByTestId("contact-form");
    await form.locator("#contact-name").fill("Ana");
    await form.getByTestId("contact-submit").click();
    await toast("Por favor completa todos los campos obligatorios").waitFor();
    expect(await form.getByText("Requerido").count()).toBeGreaterThanOrEqual(3);
  });

  it("sends a complete message and resets the form", async () => {
    const form = page.getByTestId("contact-form");
    await form.locator("#contact-name").fill(`Ana ${run}`);
    await form.locator("#contact-email").fill(`ana.${run}@example.org`);
    await form.locator("#contact-organization").fill("Fundación Ejemplo");
    await form.locator("#contact-reason").selectOption("training");
    await form.locator("#contact-message").fill("Queremos una formación sobre el AI Act.");
    await form.locator("#contact-privacy").check();
    await form.getByTestId("contact-submit").click();
    await toast("¡Mensaje enviado!").waitFor();
    await toast("Nos pondremos en contacto contigo pronto").waitFor();
    expect(await form.locator("#contact-name").inputValue()).toBe("");
    expect(await form.locator("#contact-privacy").isChecked()).toBe(false);
    await screenshot(page, "contact-sent");
  });

  it("the page's newsletter signup uses its own texts", async () => {
    const block = page.getByTestId("newsletter-contact");
    await block.getByTestId("newsletter-contact-submit").click();
    await toast("Por favor ingresa un email válido").waitFor();
    await block.locator("#newsletter-email-contact").fill(`contacto.${run}@example.com`);
    await block.getByTestId("newsletter-contact-submit").click();
    await toast("¡Suscripción exitosa!").waitFor();
    await toast("Te hemos suscrito a nuestro newsletter semanal").waitFor();
    await toast("Revisa tu correo para confirmar la suscripción.").waitFor();
    expect(await block.locator("#newsletter-email-contact").inputValue()).toBe("");
  });
});
