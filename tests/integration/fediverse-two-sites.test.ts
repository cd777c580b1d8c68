import { randomUUID } from "node:crypto";
import { Follow, isActor } from "@fedify/vocab";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceArticle } from "~/features/fediverse/announce.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { readUntil } from "../support/until.ts";

/**
 * Two sites on loopback, each with its own database and HTTP server, their queues on the jobs port: B's
 * @noticias follows A's (signed Follow, Accept back), then A publishes, corrects and deletes an article, and B's
 * inbox receives Create, Update and Delete, in that order, each with a signature Fedify verified (an unsigned
 * copy is refused).
 */
let a: FediverseSite;
let b: FediverseSite;
beforeAll(async () => {
  a = await startFediverseSite("a");
  b = await startFediverseSite("b");
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const AS = "application/activity+json";

const received = (site: FediverseSite, fromActor: string) =>
  site.db.fediverseActivity.findMany({ where: { actor_uri: fromActor }, orderBy: { received_at: "asc" } });

describe("two sites federating on loopback", () => {
  it("B follows A; A's article goes out as Create, Update with the note, Delete", { timeout: 180_000 }, async () => {
    const aActor = `${a.origin}/ap/actors/noticias`;
    const bActor = `${b.origin}/ap/actors/noticias`;

    // B follows A: looked up over HTTP, the Follow signed with B's key and delivered by B's queue.
    const ctx = b.federation.createContext(new URL(b.origin), { db: b.db });
    const target = await ctx.lookupObject(aActor);
    if (!isActor(target)) throw new Error(`${aActor} is not an actor`);
    expect(target.id?.href).toBe(aActor);
    await ctx.sendActivity(
      { identifier: "noticias" },
      target,
      new Follow({ id: new URL(`${bActor}#follows/${randomUUID()}`), actor: new URL(bActor), object: new URL(aActor) }),
    );
    const follower = await readUntil(
      () => a.db.fediverseFollower.findFirst({ where: { actor: "noticias" } }),
      (f) => f !== null,
      60_000,
    );
    expect(follower).toMatchObject({
      follower_uri: bActor,
      inbox: `${bActor}/inbox`,
      shared_inbox: `${b.origin}/ap/inbox`,
    });
    await readUntil(
      () => received(b, aActor),
      (rows) => rows.some((r) => r.type === "Accept"),
      60_000,
    );

    const followers = await fetch(`${aActor}/followers`, { headers: { accept: AS } }).then((r) => r.json());
    expect(followers.totalItems).toBe(1);

    // A publishes.
    const article = await a.db.article.create({
      data: {
        slug: `ley-ia-${randomUUID().slice(0, 6)}`,
        title_es: "La ley de IA entra en vigor",
        summary_es: "El reglamento europeo se aplica desde hoy.",
        body_es: "Primer párrafo.\n\nSegundo párrafo.\n\nTercero.\n\nCuarto, que no sale.",
        date: new Date(),
        published_at: new Date(),
        status: "published",
        topics: ["regulación"],
        tags: ["UE", "AI Act"],
      },
    });
    await announceArticle(a.federation, { db: a.db }, a.origin, { kind: "published", articleId: article.id });
    await readUntil(
      () => received(b, aActor),
      (rows) => rows.some((r) => r.type === "Create"),
      60_000,
    );

    // What B was sent is what A serves for the object's id.
    const objectUrl = `${a.origin}/ap/articles/es/${article.id}`;
    const object = await fetch(objectUrl, { headers: { accept: AS } }).then((r) => r.json());
    expect(object).toMatchObject({
      type: "Article",
      id: objectUrl,
      attributedTo: aActor,
      name: "La ley de IA entra en vigor",
      summary: "El reglamento europeo se aplica desde hoy.",
      url: `${a.origin}/noticias/${article.slug}`,
      sensitive: false,
    });
    expect(object.content).toContain("<p>Primer párrafo.</p><p>Segundo párrafo.</p><p>Tercero.</p>");
    expect(object.content).not.toContain("Cuarto");
    expect(object.content).toContain(`href="${a.origin}/noticias/${article.slug}"`);
    expect(object.tag.map((t: { name: string }) => t.name).sort()).toEqual(["#AIAct", "#Regulación", "#UE"]);

    // A corrects, then deletes.
    await a.db.article.update({
      where: { id: article.id },
      data: { summary_es: "El reglamento se aplica desde agosto." },
    });
    await announceArticle(a.federation, { db: a.db }, a.origin, {
      kind: "updated",
      articleId: article.id,
      note: { es: "La fecha de aplicación era agosto.", en: null },
    });
    await readUntil(
      () => received(b, aActor),
      (rows) => rows.some((r) => r.type === "Update"),
      60_000,
    );
    await a.db.article.delete({ where: { id: article.id } });
    await announceArticle(a.federation, { db: a.db }, a.origin, { kind: "removed", articleId: article.id });
    const rows = await readUntil(
      () => received(b, aActor),
      (r) => r.some((x) => x.type === "Delete"),
      60_000,
    );

    expect(rows.map((r) => r.type)).toEqual(["Accept", "Create", "Update", "Delete"]);
    expect(rows.every((r) => r.id.startsWith(a.origin))).toBe(true);
    expect((await fetch(objectUrl, { headers: { accept: AS } })).status).toBe(404);
  });

  it("an unsigned copy of an activity is refused by the inbox, and nothing is stored", async () => {
    const before = await b.db.fediverseActivity.count();
    const res = await fetch(`${b.origin}/ap/inbox`, {
      method: "POST",
      headers: { "content-type": AS },
      body: JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id: `${a.origin}/ap/articles/es/x#create-forged`,
        type: "Create",
        actor: `${a.origin}/ap/actors/noticias`,
        object: { type: "Note", id: `${a.origin}/forged`, content: "forged" },
      }),
    });
    expect(res.status).toBe(401);
    expect(await b.db.fediverseActivity.count()).toBe(before);
  });
});
