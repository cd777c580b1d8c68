import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { startLoopbackServer } from "../support/loopback-server.ts";
import { readUntil } from "../support/until.ts";

/**
 * The site's own federation, end to end from the desk: a Mastodon user follows @noticias through the real
 * route handler's entry, then an editor approves, corrects (with a note) and deletes an article through the REST
 * API, and the follower's inbox receives Create(Article), Update(Article) carrying the note, and
 * Delete(Tombstone), in order, from the site's actor, through the jobs port.
 */
const server = await startLoopbackServer();
const { origin } = server;
vi.stubEnv("SITE_URL", origin);
vi.stubEnv("FEDIVERSE", "on");
vi.stubEnv("FEDIVERSE_ALLOW_PRIVATE_ADDRESS", "1");

const { handleFediverseRequest } = await import("~/features/fediverse/index.ts");
const { registerAppJobs } = await import("~/server/job-list.ts");
const { db } = await import("~/platform/db/db.ts");
const { restAdmin } = await import("../support/rest-admin.ts");
const { buildArticle } = await import("../support/builders.ts");
server.serve(handleFediverseRequest);
registerAppJobs();

let masto: FakeMastodon;
beforeAll(async () => {
  masto = await startFakeMastodon("bob");
});
afterAll(async () => {
  await masto?.close();
  await server.close();
});

const OFFICIAL = { name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/es/policies/ai-act" };
const types = () => masto.inbox.map((m) => m.body.type);
type Delivered = { type: string; id: string; content?: string; name?: string };

describe("the desk's articles reach the site's followers", () => {
  it("approve → Create, correct → Update with the note, delete → Delete, in order", { timeout: 180_000 }, async () => {
    const follow = JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${masto.origin}/follows/1`,
      type: "Follow",
      actor: masto.actorId,
      object: `${origin}/ap/actors/noticias`,
    });
    expect((await fetch(masto.signedPost(`${origin}/ap/inbox`, follow))).status).toBe(202);
    await readUntil(
      async () => types(),
      (t) => t.includes("Accept"),
    );

    const { call } = await restAdmin(`fedi-desk-${Date.now().toString(36)}`);
    const article = await buildArticle(db, {
      slug: `fedi-desk-${Date.now().toString(36)}`,
      title_es: "Bruselas publica las guías del reglamento",
      summary_es: "La Comisión aclara qué sistemas son de alto riesgo.",
      body_es: "La guía tiene 40 páginas [1].",
      sources: [OFFICIAL],
      status: "draft",
    });
    expect((await call("PUT", `/articles/${article.slug}`, { status: "published" })).status).toBe(200);
    await readUntil(
      async () => types(),
      (t) => t.includes("Create"),
    );
    // The article's page, asked for ActivityStreams, answers its object: next.config.mjs rewrites it to the
    // /ap route handler, which still sees the page's own path in request.url (as this server hands it over).
    const asked = await fetch(`${origin}/noticias/${article.slug}`, {
      headers: { accept: "application/activity+json" },
    });
    expect(asked.status).toBe(200);
    expect((await asked.json()).id).toBe(`${origin}/ap/articles/es/${article.id}`);

    const edit = await call("PATCH", `/articles/${article.slug}`, {
      summary_es: "La Comisión aclara qué sistemas son de alto riesgo y cuáles no.",
      correction_note_es: "Añadimos los sistemas excluidos.",
    });
    expect(edit.status).toBe(200);
    await readUntil(
      async () => types(),
      (t) => t.includes("Update"),
    );

    expect((await call("DELETE", `/articles/${article.slug}`)).status).toBe(200);
    await readUntil(
      async () => types(),
      (t) => t.includes("Delete"),
      90_000,
    );

    expect(types()).toEqual(["Accept", "Create", "Update", "Delete"]);
    const [, create, update, del] = masto.inbox.map((m) => m.body as { actor: string; object: Delivered });
    const objectId = `${origin}/ap/articles/es/${article.id}`;
    expect(create!.actor).toBe(`${origin}/ap/actors/noticias`);
    expect(create!.object).toMatchObject({
      type: "Article",
      id: objectId,
      name: "Bruselas publica las guías del reglamento",
    });
    expect(create!.object.content).toContain(`${origin}/noticias/${article.slug}`);
    expect(update!.object).toMatchObject({ type: "Article", id: objectId });
    expect(update!.object.content).toContain("Corrección: Añadimos los sistemas excluidos.");
    expect(update!.object.content).toContain("y cuáles no");
    expect(del!.object).toMatchObject({ type: "Tombstone", id: objectId });
    // Every delivery was signed by the site.
    expect(masto.inbox.every((m) => m.headers.signature || m.headers["signature-input"])).toBe(true);
  });
});
