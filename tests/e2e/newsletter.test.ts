import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle, buildSubscription } from "../support/builders.ts";
import { launchBrowser, screenshot } from "./browser.ts";
import { e2eDatabase } from "./db.ts";

const baseUrl = inject("baseUrl");
const db = e2eDatabase();
const run = randomBytes(4).toString("hex");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await db.$disconnect();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

describe("newsletter signup block", () => {
  it("shows 'Suscribiendo...', then the green 'Suscrito' state for 3 s with the input cleared", async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/`);
    const block = page.getByTestId("home-newsletter");
    const input = block.locator("#newsletter-email");
    const button = block.getByTestId("newsletter-block-submit");

    await button.click();
    await toast(page, "Por favor ingresa tu email").waitFor();

    // The browser lets this address through, the server refuses it: the reader is told in Spanish, not with
    // the API's English text.
    await input.fill(`lectora.${run}@localhost`);
    await button.click();
    await toast(page, "Introduce un correo electrónico válido.").waitFor();
    expect(await page.locator("[data-sonner-toast]").getByText("must be a valid e-mail").count()).toBe(0);

    await input.fill(`lectora.${run}@example.com`);
    await button.click();
    await toast(page, "¡Suscrito! 🎉").waitFor();
    await toast(page, "Revisa tu correo para confirmar la suscripción.").waitFor();
    expect(await button.textContent()).toContain("Suscrito");
    expect(await button.isDisabled()).toBe(true);
    expect(await input.inputValue()).toBe("");
    await screenshot(page, "newsletter-block-subscribed");
    // Back to idle after 3 s.
    await expect.poll(() => button.textContent(), { timeout: 6000 }).toBe("Suscribirse");
    await page.context().close();
  });

  it("says the spec's texts when they arrive with the first submit (no focus before), in either language", async () => {
    // The submit's texts are not in the page: they are fetched on the field's first focus or on the submit.
    const page = await freshPage();
    await page.goto(`${baseUrl}/en/noticias`);
    const form = page.getByTestId("site-footer").getByTestId("newsletter-block");
    await form.getByTestId("newsletter-block-submit").click();
    await toast(page, "Please enter your email").waitFor();
    await page.goto(`${baseUrl}/noticias`);
    const input = page.getByTestId("site-footer").locator("#newsletter-email");
    await input.fill(`lector.${run}@localhost`);
    await input.press("Enter");
    await toast(page, "Introduce un correo electrónico válido.").waitFor();
    expect(await page.getByTestId("site-footer").getByTestId("newsletter-block-submit").textContent()).toBe(
      "Suscribirse",
    );
    await page.context().close();
  });

  it("/unsubscribe shows 'Procesando tu solicitud...' and then always success", async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/unsubscribe?token=${randomBytes(32).toString("base64url")}`);
    await page.getByText("¡Desuscripción Exitosa!").waitFor();
    expect(await page.getByRole("link", { name: "Ir al Inicio" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Contacto" }).last().getAttribute("href")).toBe("/contacto");
    await page.goto(`${baseUrl}/unsubscribe`);
    await page.getByText("¡Desuscripción Exitosa!").waitFor();
    await page.context().close();
  });
});

describe("admin newsletters", () => {
  beforeAll(async () => {
    // Seed content is dated 2025: publish this week's pieces, and a confirmed subscriber to send to.
    await buildArticle(db, {
      slug: `boletin-${run}`,
      title_es: `Regulación de la semana ${run}`,
      title_en: `Regulation of the week ${run}`,
      summary_es: "Resumen de la semana.",
      summary_en: "Summary of the week.",
      body_es: "Cuerpo.",
      date: new Date(),
      topics: ["regulacion"],
      tags: [],
      status: "published",
    });
    await buildSubscription(db, { email: `suscrita.${run}@example.com`, locale: "es" });
  });

  it("generates the week's Top 5, previews it in both languages and sends it", async () => {
    const page = await freshPage();
    const failedCalls: string[] = [];
    const pages: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) failedCalls.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    page.on("framenavigated", (f) => {
      if (f === page.mainFrame()) pages.push(new URL(f.url()).pathname);
    });
    await page.goto(`${baseUrl}/login?callbackUrl=%2Fadmin%2Fnewsletters`);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${baseUrl}/admin/newsletters`);
    const tab = page.getByTestId("admin-tab-newsletters");
    // The panel hydrates after the sign-in redirect; allow a slow (shared, loaded) machine some time.
    await tab.getByTestId("newsletter-generate").waitFor({ timeout: 60_000 });

    // Other files publish into this week and leave drafts of their own (the REST contract does): the test follows
    // the one draft its click added.
    const known = (await db.newsletter.findMany({ select: { id: true } })).map((n) => n.id);
    const clickedAt = Date.now();
    await tab.getByTestId("newsletter-generate").click();
    await toast(page, "Newsletter generado").waitFor();
    const added = await db.newsletter.findMany({ where: { id: { notIn: known } }, select: { id: true, status: true } });
    expect(added).toEqual([{ id: expect.any(String), status: "draft" }]);
    const generated = await db.newsletter.findUniqueOrThrow({ where: { id: added[0]!.id } });
    const items = generated.items as { title_es: string; title_en: string; date: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    const lead = items[0]!;
    const row = tab.locator(`[data-testid="newsletter-row"][data-id="${generated.id}"]`);
    await row.waitFor().catch(async (error: Error) => {
      // What the list showed instead, and the API calls that failed: enough to tell a stale list from a failed one.
      const shown = await tab
        .getByTestId("newsletter-row")
        .evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-id")}:${r.getAttribute("data-status")}`));
      const panels = await page.getByTestId("admin-panel").count();
      throw new Error(
        `draft ${generated.id} not listed ${Date.now() - clickedAt} ms after the click; at ${page.url()} (${panels} ` +
          `admin panel); rows [${shown.join(", ")}]; failed calls [${failedCalls}]; page URLs [${pages}]`,
        { cause: error },
      );
    });
    expect(await row.getAttribute("data-status")).toBe("draft");

    await row.getByRole("button", { name: "Vista previa" }).click();
    const dialog = page.getByTestId("newsletter-preview");
    await dialog.waitFor();
    expect(await dialog.getByTestId("newsletter-preview-frame-es").getAttribute("sandbox")).toBe("");
    await expect
      .poll(async () => (await page.frame({ url: /preview\?locale=es/ })?.textContent("body")) ?? "")
      .toContain(lead.title_es);
    await dialog.getByRole("tab", { name: "English" }).click();
    await expect
      .poll(async () => (await page.frame({ url: /preview\?locale=en/ })?.textContent("body")) ?? "")
      .toContain(lead.title_en);
    await screenshot(page, "newsletter-preview");
    await dialog.getByRole("button", { name: "Cerrar" }).click();

    await row.getByRole("button", { name: "Enviar", exact: true }).click();
    await page.getByTestId("confirm-dialog").getByTestId("confirm-dialog-confirm").click();
    await toast(page, "Newsletter enviado").waitFor();
    await expect.poll(() => row.getAttribute("data-status"), { timeout: 20_000 }).toBe("sent");
    expect(await row.getByTestId("newsletter-status").textContent()).toBe("Enviado");
    // A sent newsletter cannot be sent again.
    expect(await row.getByRole("button", { name: "Enviar", exact: true }).count()).toBe(0);
    await screenshot(page, "newsletter-sent");

    // The outbox (no provider in this environment) holds the subscriber's copy.
    await page.getByRole("tab", { name: "Suscripciones" }).click();
    await page.getByTestId("admin-outbox").getByText(`suscrita.${run}@example.com`).first().waitFor();
    await page.context().close();
  });
});
