import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle } from "../support/builders.ts";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { postReply } from "../support/fediverse-reply.ts";
import { launchBrowser, screenshot, signInToDesk } from "./browser.ts";
import { e2eDatabase } from "./db.ts";

/**
 * A moderated reply from the fediverse, end to end on the production server: replies signed as Mastodon signs
 * them (draft-cavage, by a Mastodon-shaped actor on loopback) reach the real inbox for an article of this file's
 * own; an editor approves one and rejects another in "Respuestas del fediverso" in Chromium; a reader then sees
 * the approved reply under the article, with its author's handle linking to the author, on a page that was
 * cached before the decision (the approval expires its tag). The rejected reply, the undecided one and the
 * script of a hostile one never reach the page.
 */
const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
const slug = `fedi-respuestas-${run}`;
const title = `Fedi respuestas ${run}`;
const db = e2eDatabase();
const SLOW = { timeout: 30_000 };
let masto: FakeMastodon;
let browser: Browser;
let articleId = "";

/**
 * The production server may not fetch loopback addresses (Fedify's guard against SSRF: allowPrivateAddress is
 * refused outside NODE_ENV=test), so it cannot fetch the fake actor's key. What the fake serves is put where
 * Fedify keeps a fetched document (its cache in fediverse_kv, under the URL it would fetch: the actor's and the
 * key's), exactly as Fedify would have stored it; the signature is still verified against that key.
 */
async function knownToServer(actorId: string) {
  const res = await fetch(actorId, { headers: { accept: "application/activity+json" } });
  const document = await res.json();
  for (const url of [actorId, `${actorId}#main-key`]) {
    const key = JSON.stringify(["_fedify", "remoteDocument", url]);
    await db.fediverseKv.upsert({
      where: { key },
      create: { key, value: { contextUrl: null, documentUrl: url, document } },
      update: { value: { contextUrl: null, documentUrl: url, document }, expires_at: null },
    });
  }
}

/** A signed reply to the article's object, posted to the server's shared inbox: its Note id. */
async function reply(content: string): Promise<string> {
  const noteId = `${masto.origin}/statuses/${slug}-${crypto.randomUUID()}`;
  const inReplyTo = `${baseUrl}/ap/articles/es/${articleId}`;
  const res = await postReply(masto, `${baseUrl}/ap/inbox`, { noteId, inReplyTo, content });
  expect(res.status, await res.text()).toBe(202);
  return noteId;
}

/** The stored reply of a Note, once the inbox's job has stored it. */
async function storedId(noteId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await db.fediverseReply.findUnique({ where: { object_uri: noteId }, select: { id: true } });
    if (row) return row.id;
    if (Date.now() > deadline) throw new Error(`reply ${noteId} not stored within 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The article page as a reader gets it, fetched until Next answers it from its cache. */
async function cachedPage(): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseUrl}/noticias/${slug}`);
    const body = await res.text();
    if (res.headers.get("x-nextjs-cache") === "HIT") return body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the article page was never served from the cache");
}

beforeAll(async () => {
  masto = await startFakeMastodon("fedirespuestas");
  await knownToServer(masto.actorId);
  // Dated in the past: it never enters the newest lists other files read.
  const article = await buildArticle(db, {
    slug,
    title_es: title,
    summary_es: "Un artículo federado con respuestas.",
    body_es: "Cuerpo del artículo.",
    date: new Date(Date.now() - 30 * 86_400_000),
    published_at: new Date(Date.now() - 30 * 86_400_000),
    status: "published",
  });
  articleId = article.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await db.article.deleteMany({ where: { slug } });
  // The cached documents, the key Fedify read from them and its marks of the activities: all under the fake's origin.
  if (masto) await db.fediverseKv.deleteMany({ where: { key: { contains: masto.origin } } });
  await db.$disconnect();
  await masto?.close();
});

describe("a reply from the fediverse, moderated at the desk", () => {
  it("approved, shows under the cached article with its author's handle; rejected, undecided or script never", {
    timeout: 240_000,
  }, async () => {
    // The page is cached before any reply exists.
    expect(await cachedPage()).not.toContain('data-testid="fediverse-replies"');

    const approved = await storedId(await reply(`<p>Muy buen resumen ${run}</p>`));
    const rejected = await storedId(await reply(`<p>Spam rechazado ${run}</p>`));
    const undecided = await storedId(await reply(`<p>Sin decidir ${run}</p>`));
    const hostile = await storedId(
      await reply(
        `<p>Con guion ${run}<script>window.__fediXss = 1</script><img src=x onerror="window.__fediXss = 2"></p>`,
      ),
    );

    // The editor approves two and rejects one in "Respuestas del fediverso".
    const desk = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const editor = await desk.newPage();
    await signInToDesk(editor, baseUrl, E2E_ADMIN);
    await editor.getByTestId("admin-tab-trigger-fediverseReplies").click();
    await editor.getByTestId("admin-tab-fediverse-replies").waitFor(SLOW);
    for (const id of [approved, rejected, undecided, hostile])
      await editor.locator(`[data-reply-id="${id}"]`).waitFor(SLOW);
    const item = (id: string) => editor.locator(`[data-reply-id="${id}"]`);
    await expect.poll(() => item(hostile).innerHTML(), SLOW).not.toMatch(/<script|onerror/);
    await screenshot(editor, "fediverse-replies-desk");
    for (const [id, button] of [
      [approved, "fediverse-reply-approve"],
      [rejected, "fediverse-reply-reject"],
      [hostile, "fediverse-reply-approve"],
    ] as const) {
      await item(id).getByTestId(button).click();
      // Decided, it leaves the pending list.
      await item(id).waitFor({ state: "detached", ...SLOW });
    }
    await desk.close();
    const statuses = await db.fediverseReply.findMany({
      where: { article_id: articleId },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [approved]: "approved",
      [rejected]: "rejected",
      [undecided]: "pending",
      [hostile]: "approved",
    });

    // A reader (not signed in) opens the article in Chromium.
    const reading = await browser.newContext();
    const reader = await reading.newPage();
    await reader.goto(`${baseUrl}/noticias/${slug}`);
    const section = reader.getByTestId("fediverse-replies");
    await section.waitFor(SLOW);
    await expect.poll(() => section.textContent(), SLOW).toContain(`Muy buen resumen ${run}`);
    const text = (await section.textContent()) ?? "";
    expect(text).toContain(`Con guion ${run}`);
    expect(text).not.toContain(`Spam rechazado ${run}`);
    expect(text).not.toContain(`Sin decidir ${run}`);
    const handle = `@fedirespuestas@${new URL(masto.origin).host}`;
    const author = section.getByRole("link", { name: `Respuesta de ${handle}` }).first();
    expect(await author.textContent()).toBe(handle);
    expect(await author.getAttribute("href")).toBe(`${masto.origin}/@fedirespuestas`);
    expect(await author.getAttribute("rel")).toBe("nofollow ugc noopener");
    expect(await section.innerHTML()).not.toMatch(/<script|onerror|<img/);
    expect(await reader.evaluate(() => (window as { __fediXss?: number }).__fediXss)).toBeUndefined();
    await screenshot(reader, "fediverse-replies-article");
    await reading.close();

    // The cached copy itself now carries the reply: the decision expired the page, not just this one read.
    const again = await cachedPage();
    expect(again).toContain(`Muy buen resumen ${run}`);
    expect(again).not.toContain(`Spam rechazado ${run}`);
  });
});
