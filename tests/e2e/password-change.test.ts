import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
const id = randomBytes(3).toString("hex");
const account = { username: `cambio_${id}`, email: `cambio.${id}@example.com`, password: `clave-${id}` };
/** Another account for the slow-answer case, whose password changes too. */
const slowAccount = {
  username: `cambio_lento_${id}`,
  email: `cambio.lento.${id}@example.com`,
  password: `clave-${id}`,
};
/** One more for the unanswered question, whose password stays. */
const quietAccount = {
  username: `cambio_sin_${id}`,
  email: `cambio.sin.${id}@example.com`,
  password: `clave-${id}`,
};

/**
 * An address of this file's own (the server trusts one proxy hop): the sign-ups and sign-ins of the files beside
 * it share the per-address limits (five sign-ups an hour), and a third account here left `auth.test.ts` a 429.
 */
const client = `10.62.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

beforeAll(async () => {
  browser = await launchBrowser();
  for (const who of [account, slowAccount, quietAccount]) {
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(who),
    });
    expect(res.status).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function signedInPage(who = account) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": client } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.fill("#email", who.email);
  await page.fill("#password", who.password);
  await page.locator("[data-testid=login-form] button[type=submit]").click();
  await page.getByTestId("site-header").getByText(`Hola, ${who.username}`).waitFor();
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

  it("keeps this browser known as signed in when a question about its session gets no answer", async () => {
    // A question cut off (a password change asks one and the test, like a reader, goes on to the next page at
    // once) or answered with an error says nothing about the session: the next reader page must still show it
    // without waiting for the reader's first intent.
    const { context, page } = await signedInPage(quietAccount);
    await page.route("**/api/trpc/auth.me**", (route) => route.abort());
    const unanswered = page.waitForEvent("requestfailed", (r) => r.url().includes("auth.me"));
    await page.reload();
    await unanswered;
    await page.unroute("**/api/trpc/auth.me**");
    await page.goto(`${baseUrl}/`);
    await page.getByTestId("site-header").getByText(`Hola, ${quietAccount.username}`).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it("keeps this browser signed in when the answer about its old session comes after the change", async () => {
    // The page's question "who is signed in?" leaves with the old session cookie and is answered only after
    // the change has ended that session (a slow server): that answer must not sign this tab out.
    const { context, page } = await signedInPage(slowAccount);
    const oldCookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered = (_body: string) => {};
    const staleAnswer = new Promise<string>((resolve) => {
      answered = resolve;
    });
    await page.route(
      "**/api/trpc/auth.me*",
      async (route) => {
        await released;
        // What the server answers the old cookie once the change has ended its session.
        const stale = await fetch(route.request().url(), { headers: { cookie: oldCookies } });
        const body = await stale.text();
        await route.fulfill({ status: stale.status, contentType: "application/json", body });
        answered(body);
      },
      { times: 1 },
    );
    await page.goto(`${baseUrl}/password`);
    await page.getByRole("heading", { name: "Cambiar contraseña" }).waitFor();
    await page.fill("#current-password", slowAccount.password);
    await page.fill("#new-password", "nueva-clave-2");
    await page.fill("#confirm-password", "nueva-clave-2");
    await page.locator("[data-testid=password-form] button[type=submit]").click();
    await page.locator("[data-sonner-toast]", { hasText: "Contraseña cambiada" }).waitFor();
    release();
    expect(JSON.parse(await staleAnswer).result.data.json.user).toBeNull();

    const greeting = page.getByTestId("site-header").getByText(`Hola, ${slowAccount.username}`);
    await greeting.waitFor({ timeout: 15_000 });
    // A reader page loads its scripts at once for a browser it knows to be signed in, and greets the reader.
    await page.goto(`${baseUrl}/`);
    await greeting.waitFor({ timeout: 15_000 });
    await context.close();
  });
});
