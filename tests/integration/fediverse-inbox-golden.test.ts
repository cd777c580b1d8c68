import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { readUntil } from "../support/until.ts";

/**
 * What Mastodon sends and expects, against the real inbox: a Follow shaped and signed as Mastodon signs it
 * (draft-cavage, rsa-sha256, Digest) is accepted, stored once and answered with a signed Accept; the
 * WebFinger, NodeInfo and actor documents carry what Mastodon reads. Hostile copies (unsigned, signed with
 * another key, a body changed after signing, a replay) store nothing.
 */
let site: FediverseSite;
let masto: FakeMastodon;
beforeAll(async () => {
  site = await startFediverseSite("golden");
  masto = await startFakeMastodon();
});
afterAll(async () => {
  await site?.close();
  await masto?.close();
});

const AS = "application/activity+json";
const inboxUrl = () => `${site.origin}/ap/actors/noticias/inbox`;
const followOf = (id = `${masto.origin}/${randomUUID()}`) =>
  JSON.stringify({
    "@context": "https://www.w3.org/ns/activitystreams",
    id,
    type: "Follow",
    actor: masto.actorId,
    object: `${site.origin}/ap/actors/noticias`,
  });
const stored = async () => ({
  followers: await site.db.fediverseFollower.count(),
  activities: await site.db.fediverseActivity.count(),
});

describe("the inbox against Mastodon's shapes", () => {
  // Generous: the first actor read generates its RSA and Ed25519 keys, slow on a loaded machine.
  it("WebFinger, NodeInfo and the actor document carry what Mastodon reads", { timeout: 120_000 }, async () => {
    const host = new URL(site.origin).host;
    const wf = await fetch(`${site.origin}/.well-known/webfinger?resource=acct:noticias@${host}`);
    expect(wf.status).toBe(200);
    expect(wf.headers.get("content-type")).toContain("application/jrd+json");
    const jrd = await wf.json();
    expect(jrd.subject).toBe(`acct:noticias@${host}`);
    expect(jrd.links).toContainEqual(
      expect.objectContaining({ rel: "self", type: AS, href: `${site.origin}/ap/actors/noticias` }),
    );
    expect((await fetch(`${site.origin}/.well-known/webfinger?resource=acct:nobody@${host}`)).status).toBe(404);

    const links = await fetch(`${site.origin}/.well-known/nodeinfo`).then((r) => r.json());
    const nodeinfo = await fetch(links.links[0].href).then((r) => r.json());
    expect(nodeinfo).toMatchObject({ version: "2.1", protocols: ["activitypub"], openRegistrations: false });
    expect(nodeinfo.software.name).toBe("riesgos-ia");

    const actor = await fetch(`${site.origin}/ap/actors/news`, { headers: { accept: AS } }).then((r) => r.json());
    expect(actor["@context"]).toEqual(expect.arrayContaining(["https://www.w3.org/ns/activitystreams"]));
    expect(actor).toMatchObject({
      id: `${site.origin}/ap/actors/news`,
      type: "Organization",
      preferredUsername: "news",
      inbox: `${site.origin}/ap/actors/news/inbox`,
      outbox: `${site.origin}/ap/actors/news/outbox`,
      followers: `${site.origin}/ap/actors/news/followers`,
      endpoints: { sharedInbox: `${site.origin}/ap/inbox` },
      url: `${site.origin}/en`,
      manuallyApprovesFollowers: false,
    });
    expect(actor.name).toBeTruthy();
    expect(actor.icon.url).toBe(`${site.origin}/logo.png`);
    // Mastodon shows `image.url` as the profile's header picture (its media type says how to read it).
    expect(actor.image).toMatchObject({
      type: "Image",
      url: `${site.origin}/fediverse-header.png`,
      mediaType: "image/png",
    });
    expect(actor.publicKey.owner).toBe(actor.id);
    expect(actor.publicKey.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    // Generated once: the same key on the next read.
    const again = await fetch(`${site.origin}/ap/actors/news`, { headers: { accept: AS } }).then((r) => r.json());
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
  });

  it("a Mastodon Follow signed with draft-cavage is stored once and answered with a signed Accept; its replay does nothing", {
    timeout: 120_000,
  }, async () => {
    const followId = `${masto.origin}/${randomUUID()}`;
    const body = followOf(followId);
    const res = await fetch(masto.signedPost(inboxUrl(), body));
    expect(res.status).toBe(202);
    const follower = await readUntil(
      () => site.db.fediverseFollower.findFirst({ where: { follower_uri: masto.actorId } }),
      (f) => f !== null,
    );
    expect(follower).toMatchObject({
      actor: "noticias",
      follow_uri: followId,
      inbox: `${masto.actorId}/inbox`,
      shared_inbox: `${masto.origin}/inbox`,
      handle: `@alice@${new URL(masto.origin).host}`,
    });
    const accepts = await readUntil(
      async () => masto.inbox.filter((m) => m.body.type === "Accept"),
      (a) => a.length === 1,
    );
    expect(accepts[0]!.headers.signature ?? accepts[0]!.headers["signature-input"]).toBeTruthy();
    expect(JSON.stringify(accepts[0]!.body.object)).toContain(followId);

    // The same signed request again (a replay within the signature's window).
    const before = await stored();
    const replay = await fetch(masto.signedPost(inboxUrl(), body));
    expect(replay.status).toBe(202); // Fedify acknowledges an activity it already processed, and ignores it
    await new Promise((r) => setTimeout(r, 2000));
    expect(await stored()).toEqual(before);
    expect(masto.inbox.filter((m) => m.body.type === "Accept")).toHaveLength(1);
  });

  it("Undo(Follow) from the follower removes it; an Undo naming someone else's Follow removes nothing", async () => {
    const followId = `${masto.origin}/${randomUUID()}`;
    await fetch(masto.signedPost(inboxUrl(), followOf(followId)));
    await readUntil(
      () => site.db.fediverseFollower.count({ where: { follower_uri: masto.actorId } }),
      (n) => n === 1,
    );
    const undo = (object: Record<string, string>) =>
      JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id: `${masto.origin}/${randomUUID()}`,
        type: "Undo",
        actor: masto.actorId,
        object: { type: "Follow", ...object },
      });
    const forged = undo({
      id: `${site.origin}/x`,
      actor: `${site.origin}/someone`,
      object: `${site.origin}/ap/actors/noticias`,
    });
    expect((await fetch(masto.signedPost(inboxUrl(), forged))).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await site.db.fediverseFollower.count({ where: { follower_uri: masto.actorId } })).toBe(1);

    const real = undo({ id: followId, actor: masto.actorId, object: `${site.origin}/ap/actors/noticias` });
    expect((await fetch(masto.signedPost(inboxUrl(), real))).status).toBe(202);
    await readUntil(
      () => site.db.fediverseFollower.count({ where: { follower_uri: masto.actorId } }),
      (n) => n === 0,
    );
  });

  it("unsigned, signed with another key, or changed after signing: 401, nothing stored", async () => {
    const before = await stored();
    const unsigned = await fetch(inboxUrl(), { method: "POST", headers: { "content-type": AS }, body: followOf() });
    expect(unsigned.status).toBe(401);

    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const wrongKey = await fetch(masto.signedPost(inboxUrl(), followOf(), { key: stranger }));
    expect(wrongKey.status).toBe(401);

    const signed = masto.signedPost(inboxUrl(), followOf());
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: followOf(`${masto.origin}/tampered`),
    });
    expect((await fetch(tampered)).status).toBeGreaterThanOrEqual(400);

    const stale = await fetch(masto.signedPost(inboxUrl(), followOf(), { date: new Date(Date.now() - 2 * 3600_000) }));
    expect(stale.status).toBe(401);

    await new Promise((r) => setTimeout(r, 1500));
    expect(await stored()).toEqual(before);
  });
});
