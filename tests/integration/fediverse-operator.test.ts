import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { announceActorUpdate } from "~/features/fediverse/actor-update.ts";
import { announceArticle } from "~/features/fediverse/announce.ts";
import { addBlock } from "~/features/fediverse/blocks.ts";
import { addFollower } from "~/features/fediverse/followers.ts";
import { actorByHandle, HANDLE_ALIAS_DAYS, saveActorProfile } from "~/features/fediverse/profiles.ts";
import { saveFediverseSwitches } from "~/features/fediverse/switches.ts";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { readUntil } from "../support/until.ts";

/**
 * The operator's rules against the real inbox and fan-out, with Mastodon-shaped followers on loopback: a
 * handle change reaches followers as Update(actor) and WebFinger answers the new handle and, for a while, the
 * old one; private mode federates nothing; the Note setting sends a Note; a blocked instance or actor loses
 * its follows, is refused at the inbox (403, nothing stored) and is sent nothing; an incoming Block removes
 * the follower; each remote instance has its allowance of activities a minute (429 with Retry-After).
 */
vi.stubEnv("RATE_LIMIT_FEDIVERSE_INBOX", "3/60");

let site: FediverseSite;
const mastodons: FakeMastodon[] = [];
const mastodon = async (user: string) => {
  const m = await startFakeMastodon(user);
  mastodons.push(m);
  return m;
};
beforeAll(async () => {
  site = await startFediverseSite("operator");
});
afterAll(async () => {
  await site?.close();
  for (const m of mastodons) await m.close();
});

const AS = "application/activity+json";
const actorUri = () => `${site.origin}/ap/actors/noticias`;
const inboxUrl = () => `${actorUri()}/inbox`;
const activity = (m: FakeMastodon, type: string, object: unknown = actorUri(), id = `${m.origin}/${randomUUID()}`) =>
  JSON.stringify({ "@context": "https://www.w3.org/ns/activitystreams", id, type, actor: m.actorId, object });
const webfinger = (user: string) =>
  fetch(`${site.origin}/.well-known/webfinger?resource=acct:${user}@${new URL(site.origin).host}`);

async function follow(m: FakeMastodon) {
  const res = await fetch(m.signedPost(inboxUrl(), activity(m, "Follow")));
  expect(res.status).toBe(202);
  await readUntil(
    () => site.db.fediverseFollower.count({ where: { follower_uri: m.actorId } }),
    (n) => n === 1,
  );
}

async function publish(slug: string) {
  const article = await site.db.article.create({
    data: {
      slug: `${slug}-${randomUUID().slice(0, 6)}`,
      title_es: "La ley de IA entra en vigor",
      summary_es: "El reglamento europeo se aplica desde hoy.",
      body_es: "Primer párrafo.",
      date: new Date(),
      published_at: new Date(),
      status: "published",
      topics: ["regulación"],
      tags: ["AI Act"],
    },
  });
  return {
    id: article.id,
    sent: await announceArticle(site.federation, { db: site.db }, site.origin, {
      kind: "published",
      articleId: article.id,
    }),
  };
}

const creates = (m: FakeMastodon) => m.inbox.filter((x) => x.body.type === "Create");
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the fediverse operator's rules", () => {
  it("a handle change reaches followers as Update(actor); WebFinger answers the new handle and the old one for a while", {
    timeout: 120_000,
  }, async () => {
    const alice = await mastodon("alice");
    await follow(alice);
    const saved = await saveActorProfile(site.db, {
      actor: "noticias",
      handle: "RiesgosIA",
      name: "Riesgos IA",
      summary: "Noticias verificadas.",
    });
    expect(saved.handleChanged).toBe(true);
    expect(await announceActorUpdate(site.federation, { db: site.db }, site.origin, "noticias")).toEqual({ sent: 1 });
    const updates = await readUntil(
      async () => alice.inbox.filter((x) => x.body.type === "Update"),
      (u) => u.length === 1,
    );
    expect(updates[0]!.body.object).toMatchObject({
      id: actorUri(),
      preferredUsername: "riesgosia",
      name: "Riesgos IA",
    });
    expect(updates[0]!.headers.signature ?? updates[0]!.headers["signature-input"]).toBeTruthy();

    const host = new URL(site.origin).host;
    for (const user of ["riesgosia", "noticias"]) {
      const res = await webfinger(user);
      expect(res.status, user).toBe(200);
      const jrd = await res.json();
      expect(jrd.subject).toBe(`acct:${user}@${host}`);
      expect(jrd.links).toContainEqual(expect.objectContaining({ rel: "self", href: actorUri() }));
    }
    const actor = await fetch(actorUri(), { headers: { accept: AS } }).then((r) => r.json());
    expect(actor).toMatchObject({ id: actorUri(), preferredUsername: "riesgosia", summary: "Noticias verificadas." });
    // The alias ends after HANDLE_ALIAS_DAYS; the other actor cannot take either handle meanwhile.
    const later = new Date(Date.now() + (HANDLE_ALIAS_DAYS + 1) * 86_400_000);
    expect(await actorByHandle(site.db, "noticias", later)).toBeNull();
    expect(await actorByHandle(site.db, "riesgosia", later)).toBe("noticias");
    await expect(
      saveActorProfile(site.db, { actor: "news", handle: "noticias", name: "x", summary: "y" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "handle" });
  });

  it("in private mode nothing is federated: actor, WebFinger and inbox 404, a publication sends nothing", {
    timeout: 120_000,
  }, async () => {
    const bob = await mastodon("bob");
    await follow(bob);
    await saveFediverseSwitches(site.db, { noteTeaser: false, privateMode: true });
    expect((await fetch(actorUri(), { headers: { accept: AS } })).status).toBe(404);
    expect((await webfinger("riesgosia")).status).toBe(404);
    expect((await fetch(bob.signedPost(inboxUrl(), activity(bob, "Follow")))).status).toBe(404);
    const hidden = await publish("privado");
    expect(hidden.sent).toEqual({ sent: 0 });
    expect(await announceActorUpdate(site.federation, { db: site.db }, site.origin, "noticias")).toEqual({ sent: 0 });
    await pause(3000);
    expect(creates(bob)).toHaveLength(0);

    // Out of private mode the same path sends: what the silence above meant was the mode.
    await saveFediverseSwitches(site.db, { noteTeaser: false, privateMode: false });
    const shown = await publish("publico");
    expect(shown.sent).toEqual({ sent: 1 });
    const arrived = await readUntil(
      async () => creates(bob),
      (c) => c.length === 1,
    );
    expect(arrived[0]!.body.object).toMatchObject({ type: "Article" });
  });

  it("with the Note setting a publication goes out as Create(Note) with its own id", { timeout: 120_000 }, async () => {
    const carol = await mastodon("carol");
    await follow(carol);
    await saveFediverseSwitches(site.db, { noteTeaser: true, privateMode: false });
    const { id } = await publish("nota");
    const arrived = await readUntil(
      async () => creates(carol),
      (c) => c.length === 1,
    );
    expect(arrived[0]!.body.object).toMatchObject({ type: "Note", id: `${site.origin}/ap/notes/es/${id}` });
    const fetched = await fetch(`${site.origin}/ap/notes/es/${id}`, { headers: { accept: AS } });
    expect(fetched.status).toBe(200);
    expect((await fetched.json()).type).toBe("Note");
    await saveFediverseSwitches(site.db, { noteTeaser: false, privateMode: false });
  });

  it("a blocked instance or actor loses its follows, is refused at the inbox with 403 and is sent nothing", {
    timeout: 120_000,
  }, async () => {
    const dave = await mastodon("dave");
    const erin = await mastodon("erin");
    const frank = await mastodon("frank");
    await follow(dave);
    await follow(erin);
    await follow(frank);
    expect(await addBlock(site.db, "domain", new URL(dave.origin).host)).toMatchObject({ removed: 1 });
    expect(await addBlock(site.db, "actor", erin.actorId)).toMatchObject({ removed: 1 });
    expect(
      await site.db.fediverseFollower.count({ where: { follower_uri: { in: [dave.actorId, erin.actorId] } } }),
    ).toBe(0);

    for (const m of [dave, erin]) {
      const id = `${m.origin}/${randomUUID()}`;
      const res = await fetch(m.signedPost(inboxUrl(), activity(m, "Follow", actorUri(), id)));
      expect(res.status, m.actorId).toBe(403);
      expect(await site.db.fediverseActivity.count({ where: { id } })).toBe(0);
    }
    await pause(1000);
    expect(
      await site.db.fediverseFollower.count({ where: { follower_uri: { in: [dave.actorId, erin.actorId] } } }),
    ).toBe(0);

    // Even a follower row that slipped in is skipped by the fan-out.
    await addFollower(site.db, {
      actor: "noticias",
      followerUri: dave.actorId,
      followUri: `${dave.origin}/late`,
      inbox: `${dave.actorId}/inbox`,
      sharedInbox: null,
      handle: null,
    });
    await publish("bloqueo");
    await readUntil(
      async () => creates(frank),
      (c) => c.length === 1,
    );
    await pause(2000);
    expect(creates(dave)).toHaveLength(0);
    expect(creates(erin)).toHaveLength(0);
  });

  it("an incoming Block from a follower removes it", { timeout: 120_000 }, async () => {
    const grace = await mastodon("grace");
    await follow(grace);
    const res = await fetch(grace.signedPost(inboxUrl(), activity(grace, "Block")));
    expect(res.status).toBe(202);
    await readUntil(
      () => site.db.fediverseFollower.count({ where: { follower_uri: grace.actorId } }),
      (n) => n === 0,
    );
  });

  it("each remote instance has its allowance a minute at the inbox: over it 429 with Retry-After, nothing stored", {
    timeout: 120_000,
  }, async () => {
    const heidi = await mastodon("heidi");
    for (let i = 0; i < 3; i++) {
      expect((await fetch(heidi.signedPost(inboxUrl(), activity(heidi, "Like", `${site.origin}/x/${i}`)))).status).toBe(
        202,
      );
    }
    const id = `${heidi.origin}/${randomUUID()}`;
    const refused = await fetch(heidi.signedPost(inboxUrl(), activity(heidi, "Follow", actorUri(), id)));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await pause(1000);
    expect(await site.db.fediverseActivity.count({ where: { id } })).toBe(0);
    expect(await site.db.fediverseFollower.count({ where: { follower_uri: heidi.actorId } })).toBe(0);
    // Another instance is not held back by this one's flood.
    const ivan = await mastodon("ivan");
    await follow(ivan);
  });
});
