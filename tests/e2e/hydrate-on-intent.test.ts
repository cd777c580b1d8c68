import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { hydrateOnIntent } from "~/platform/request-edge/hydrate-on-intent.js";
import { HYDRATED_EVENT } from "~/platform/request-edge/intent-keys.js";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { browserForFile } from "./browser.ts";
import { e2eDatabase } from "./db.ts";
import { article } from "./site-helpers.ts";

/**
 * Reader pages served from Next's cache load the framework's scripts on the reader's first intent
 * (platform/request-edge/hydrate-on-intent.js). A reader who only reads gets the whole page and runs none of
 * them; the first pointer, key, focus or scroll loads them; what the reader pressed, typed or submitted before
 * the page hydrated is answered once it has.
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();
const db = e2eDatabase();
afterAll(() => db.$disconnect());
const articlePath = `/noticias/${article.slug}`;
/** A reader's browser: the analytics do not count headless Chromium's own user agent. */
const READER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A page in a context of its own, with the framework chunks it runs and its errors recorded. */
async function open(path: string, options: { mobile?: boolean; blockChunks?: boolean } = {}) {
  const context = await browser().newContext({
    userAgent: READER,
    ...(options.mobile ? { viewport: { width: 390, height: 780 } } : {}),
  });
  if (options.blockChunks)
    await context.route(
      (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
      (route) => route.abort(),
    );
  const page = await context.newPage();
  const chunks: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script" && req.url().includes("/_next/static/")) chunks.push(req.url());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  // The stored page, not the render that stores it: the first request may be the one that renders it.
  await fetch(`${baseUrl}${path}`);
  await page.goto(`${baseUrl}${path}`);
  return { page, chunks, errors, close: () => context.close() };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });

describe("scripts on intent", () => {
  it("a reader who only reads gets the whole article, runs no framework script, and is counted", async () => {
    const before = await db.analyticsHit.count({ where: { path: articlePath } });
    const { page, chunks, errors, close } = await open(articlePath);
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_500);
    expect(await page.textContent("h1")).toBe(article.title_es);
    expect(await page.locator(".prose-article p").count()).toBeGreaterThan(2);
    expect(chunks).toEqual([]);
    expect(await page.evaluate(() => "next" in window)).toBe(false);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    // The view is reported by the page's loader, once.
    await expect
      .poll(() => db.analyticsHit.count({ where: { path: articlePath } }), { timeout: 15_000 })
      .toBe(before + 1);
    // The first intent (a pointer moving over the page) loads the scripts, and the page hydrates without error
    // and without a second view. Two steps, as a reader's pointer moves: the desktop Chromium reports no movement
    // in the first move a page sees.
    await page.mouse.move(200, 200, { steps: 2 });
    await hydrated(page);
    expect(chunks.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => "next" in window)).toBe(true);
    await page.waitForTimeout(1_000);
    expect(await db.analyticsHit.count({ where: { path: articlePath } })).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });

  it("a cursor resting over the page as it appears is no intent; the reader's first move is", async () => {
    const { page, chunks, errors, close } = await open(articlePath);
    await page.waitForLoadState("load");
    // The browser reports a pointer that stays where it is as moves without movement.
    for (let i = 0; i < 3; i++) await page.mouse.move(0, 0);
    await page.waitForTimeout(1_000);
    expect(chunks).toEqual([]);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await page.mouse.move(40, 30);
    await hydrated(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("a tap on the menu button before the page hydrated opens the menu once it has", async () => {
    const { page, chunks, errors, close } = await open("/", { mobile: true });
    expect(chunks).toEqual([]);
    await page.click("[data-testid=mobile-menu-button]");
    await page.locator("[data-testid=mobile-nav]").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("mobile-menu-button").getAttribute("aria-expanded")).toBe("true");
    expect(errors).toEqual([]);
    await close();
  });

  it("the header's newsletter link pressed before the page hydrated scrolls to the form and focuses it", async () => {
    const { page, errors, close } = await open("/referentes");
    await page.locator('[data-testid=site-header] a[href="#newsletter"]').click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 20_000 })
      .toBe("newsletter-email");
    expect(errors).toEqual([]);
    await close();
  });

  it("an address typed and sent before the page hydrated is the one subscribed", async () => {
    const email = `intent-${Date.now()}@lectores.example`;
    const { page, errors, close } = await open(articlePath);
    const form = page.getByTestId("newsletter-block");
    // Typed and sent at once: the page is still loading its scripts when the submit comes.
    await form.locator("input[type=email]").fill(email);
    await form.getByTestId("newsletter-block-submit").click();
    await expect.poll(() => db.newsletterSubscription.count({ where: { email } }), { timeout: 20_000 }).toBe(1);
    // Held and sent by the page's own code, never submitted natively (which would put the address in the URL).
    expect(page.url()).toBe(`${baseUrl}${articlePath}`);
    expect(errors).toEqual([]);
    await close();
  });

  // A value can reach a field without an event React's hydrating code sees (an extension, a password manager, or
  // an input dispatched into a part of the page that hydrates later): the forms read their fields at the submit.
  it("an address put in the footer's field without an input event, then sent with Enter, is the one subscribed", async () => {
    const email = `intent-quiet-${Date.now()}@lectores.example`;
    const { page, errors, close } = await open("/referentes");
    const input = page.getByTestId("site-footer").locator("#newsletter-email");
    await input.evaluate((el, value) => {
      (el as HTMLInputElement).value = value;
    }, email);
    await input.press("Enter");
    await expect.poll(() => db.newsletterSubscription.count({ where: { email } }), { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("a contact message whose fields were filled without input events is the one sent, and the form is cleared", async () => {
    const name = `Lectora ${Date.now()}`;
    const { page, errors, close } = await open("/contacto");
    const form = page.getByTestId("contact-form");
    await form.evaluate((el, who) => {
      const field = (id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
      field("contact-name").value = who;
      field("contact-email").value = "lectora@lectores.example";
      field("contact-message").value = "Escrito antes de que la página cargara su código.";
      field("contact-privacy").checked = true;
    }, name);
    await form.getByTestId("contact-submit").click();
    await expect.poll(() => db.contactMessage.count({ where: { name } }), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => form.locator("#contact-name").inputValue(), { timeout: 10_000 }).toBe("");
    expect(await form.locator("#contact-privacy").isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it("a form that works without script (the header's search) is sent at once, not held for the scripts", async () => {
    // Its chunks never arrive (a flaky connection): the search must not wait for them.
    const { page, close } = await open(articlePath, { blockChunks: true });
    await page.fill("#site-search", "deepfakes");
    await page.press("#site-search", "Enter");
    await page.waitForURL(`${baseUrl}/buscar?q=deepfakes`, { timeout: 10_000 });
    expect(await page.locator("h1").count()).toBeGreaterThan(0);
    await close();
  });

  it("a filter chosen before /noticias hydrated is the one applied", async () => {
    const { page, close } = await open("/noticias");
    await page.selectOption("[data-testid=filter-bar] select >> nth=0", { index: 1 });
    const chosen = await page.locator("[data-testid=filter-bar] select >> nth=0").inputValue();
    await hydrated(page);
    await expect.poll(() => new URL(page.url()).search, { timeout: 20_000 }).toContain(encodeURIComponent(chosen));
    await close();
  });

  it("a reader signed in through the form sees the header as signed in on a cached page, without an intent", async () => {
    const context = await browser().newContext({ userAgent: READER });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?callbackUrl=/admin/publicaciones`);
    await page.fill("#email", E2E_ADMIN.email);
    await page.fill("#password", E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.getByTestId("admin-tab-publications").waitFor({ timeout: 20_000 });
    const reader = await context.newPage();
    await reader.goto(`${baseUrl}${articlePath}`);
    await reader.getByTestId("site-header").getByTestId("auth-greeting").waitFor({ timeout: 20_000 });
    expect(await reader.locator("html[data-guest]").count()).toBe(0);
    // Signed out, the next cached page takes the reader for a guest again: its signed-out controls show at once.
    await reader.getByTestId("site-header").getByTestId("logout-button").click();
    await reader.getByTestId("site-header").getByTestId("login-link").waitFor({ timeout: 20_000 });
    const after = await context.newPage();
    await after.goto(`${baseUrl}/`);
    await after.getByTestId("site-header").getByTestId("login-link").waitFor({ timeout: 5_000 });
    expect(await after.locator("html[data-hydrated]").count()).toBe(0);
    await context.close();
  });
});

/**
 * React listens on the document from the moment it starts hydrating, before the page's signal: the loader must
 * leave it what it takes. "React" here speaks React's protocol with the page (its listening mark on the
 * document, handlers on the document that prevent a submit they answer, a click stopped when it cannot answer
 * yet), in a page that holds only the loader, so the window between the two is as long as the test wants.
 */
describe("the loader beside a React that already listens", () => {
  const PAGE = hydrateOnIntent(
    [
      '<!DOCTYPE html><html><head><script src="/_next/static/chunks/app.js" async=""></script></head><body>',
      '<form id="signup"><input name="email"><button id="send">Send</button></form>',
      '<button id="menu" type="button">Menu</button><button id="late" type="button">Late</button>',
      "</body></html>",
    ].join(""),
  );
  /** Counts what "React" answered; `late` is a control in a part it cannot hydrate until the page has. */
  const react = () => {
    const state = { answered: [] as string[], hydrated: false };
    Object.assign(window, { react: state });
    Object.assign(document, { _reactListeningT3st: true });
    document.addEventListener("submit", (e) => {
      e.preventDefault();
      state.answered.push(`submit ${new FormData(e.target as HTMLFormElement).get("email")}`);
    });
    document.addEventListener(
      "click",
      (e) => {
        const id = (e.target as Element).id;
        if (id === "late" && !state.hydrated) e.stopPropagation();
        else if (id === "menu" || id === "late") state.answered.push(id);
      },
      true,
    );
  };
  type Fake = { react: { answered: string[]; hydrated: boolean } };

  it("answers each submit and press once: React's own, and the one React could not take, replayed", async () => {
    const page = await browser().newPage();
    await page.route("**/_next/static/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    await page.goto(`${baseUrl}/robots.txt`);
    await page.setContent(PAGE);
    await page.evaluate(react);
    await page.fill("input[name=email]", "lectora@lectores.example");
    await page.click("#send");
    await page.click("#menu");
    await page.click("#late");
    await page.evaluate((name) => {
      (window as unknown as Fake).react.hydrated = true;
      window.dispatchEvent(new Event(name));
    }, HYDRATED_EVENT);
    await page.waitForTimeout(300);
    const answered = await page.evaluate(() => (window as unknown as Fake).react.answered);
    expect(answered.sort()).toEqual(["late", "menu", "submit lectora@lectores.example"]);
    await page.close();
  });
});
