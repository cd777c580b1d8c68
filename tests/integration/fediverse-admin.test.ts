import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * admin › Fediverso's procedures on a database of this file's own (they change site-wide settings): the
 * overview counts followers per instance and actor; handles, blocks and switches are saved and audited; bad
 * input is a 400 naming the field, and nothing is written.
 */
const database = await createPrivateDatabase("fediadm");
const { db } = await import("~/platform/db/db.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");
const { addFollower } = await import("~/features/fediverse/followers.ts");

const admin = callerAs(adminSession).admin.fediverse;

async function refused(call: Promise<unknown>): Promise<{ code: string; field: unknown }> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  const cause = (err as TRPCError).cause as { field?: string; issues?: { path: string[] }[] } | undefined;
  return { code: (err as TRPCError).code, field: cause?.field ?? cause?.issues?.[0]?.path.join(".") };
}

const follower = (actor: "noticias" | "news", uri: string) =>
  addFollower(db, {
    actor,
    followerUri: uri,
    followUri: `${uri}#f`,
    inbox: `${uri}/inbox`,
    sharedInbox: null,
    handle: null,
  });

describe("admin › Fediverso", () => {
  it("counts followers per instance for both actors, busiest first", async () => {
    await expectAppOn(db, database.name);
    await follower("noticias", "https://mastodon.example/users/a");
    await follower("noticias", "https://mastodon.example/users/b");
    await follower("news", "https://mastodon.example/users/a");
    await follower("news", "https://Other.example/users/c");
    const overview = await admin.overview();
    expect(overview.followersByInstance).toEqual([
      { host: "mastodon.example", noticias: 2, news: 1 },
      { host: "other.example", noticias: 0, news: 1 },
    ]);
    expect(overview.profiles.map((p) => p.handle).sort()).toEqual(["news", "noticias"]);
    expect(overview.switches).toEqual({ noteTeaser: false, privateMode: false });
  });

  it("saves a handle, a block and the switches, each in the audit trail; a block removes its followers", async () => {
    const saved = await admin.saveProfile({
      actor: "news",
      handle: "riesgos_en",
      name: "Riesgos IA",
      summary: "News.",
    });
    expect(saved.profiles.find((p) => p.actor === "news")).toMatchObject({
      handle: "riesgos_en",
      previousHandle: "news",
    });
    const blocked = await admin.addBlock({ kind: "domain", value: "https://Mastodon.example/about" });
    expect(blocked.blocks).toMatchObject([{ kind: "domain", value: "mastodon.example" }]);
    expect(blocked.followersByInstance).toEqual([{ host: "other.example", noticias: 0, news: 1 }]);
    const lifted = await admin.removeBlock({ id: blocked.blocks[0]!.id });
    expect(lifted.blocks).toEqual([]);
    expect((await admin.saveSwitches({ noteTeaser: true, privateMode: false })).switches.noteTeaser).toBe(true);
    const actions = (await db.auditEntry.findMany({ where: { action: { startsWith: "fediverse." } } })).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual([
      "fediverse.block.add",
      "fediverse.block.remove",
      "fediverse.profile.save",
      "fediverse.settings.save",
    ]);
  });

  it("refuses bad input with 400 on the field, and writes nothing", async () => {
    const before = JSON.stringify(await admin.overview());
    expect(await refused(admin.saveProfile({ actor: "news", handle: "no spaces", name: "x", summary: "" }))).toEqual({
      code: "BAD_REQUEST",
      field: "handle",
    });
    // The other actor's handle (and its alias) are its own.
    expect(await refused(admin.saveProfile({ actor: "news", handle: "noticias", name: "x", summary: "" }))).toEqual({
      code: "BAD_REQUEST",
      field: "handle",
    });
    expect(await refused(admin.addBlock({ kind: "domain", value: "not a domain!" }))).toEqual({
      code: "BAD_REQUEST",
      field: "value",
    });
    expect(await refused(admin.addBlock({ kind: "actor", value: "javascript:alert(1)" }))).toEqual({
      code: "BAD_REQUEST",
      field: "value",
    });
    expect((await refused(admin.removeBlock({ id: "missing" }))).code).toBe("NOT_FOUND");
    expect(JSON.stringify(await admin.overview())).toBe(before);
  });
});
