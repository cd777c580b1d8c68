import { afterEach, describe, expect, it } from "vitest";
import type { RunPlan } from "~/features/agents/run-plan.ts";
import { buildAgent, buildAgentRun, buildArticle } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";
import { draftOf, OK_SOURCE_CHECK, runPlanOf } from "../support/run-plan.ts";

// The trust settings are one row for the whole database: a database of this file's own, so turning
// auto-publish of public-interest matters on here changes nothing for other files.
const database = await createPrivateDatabase("trust");
const { db } = await import("~/platform/db/db.ts");
const { readerNotes } = await import("~/features/publications/public-corrections.ts");
const { publishDueArticles } = await import("~/features/publications/schedule.ts");
const { saveRunArticle } = await import("~/features/agents/save-article.ts");
const { restAdmin } = await import("../support/rest-admin.ts");
const { callerAs, adminSession } = await import("../support/sessions.ts");
await expectAppOn(db, database.name);

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Next's server-side data cache as a request or job reaches it (expireOutsideRequest). */
const expired: string[][] = [];
(globalThis as { __incrementalCache?: unknown }).__incrementalCache = {
  cacheHandler: {},
  revalidateTag: async (tags: string[]) => {
    expired.push(tags);
  },
};
afterEach(() => {
  expired.length = 0;
});

const agentDraft = (suffix: string) =>
  buildArticle(db, {
    slug: `resp-${suffix}-${unique}`,
    title_es: `Responsabilidad ${suffix} ${unique}`,
    is_agent: true,
    author: "Agente de ejemplo",
    author_name: "Agente de ejemplo",
  });

async function approvalOf(slug: string) {
  const article = await db.article.findUniqueOrThrow({ where: { slug } });
  return db.articleRevision.findFirst({
    where: { article_id: article.id, approved_at: { not: null } },
    orderBy: { created_at: "desc" },
  });
}

async function saveRun(title: string, over: Partial<RunPlan>) {
  const agent = await buildAgent(db);
  const run = await buildAgentRun(db, agent.id);
  return saveRunArticle(
    db,
    runPlanOf(run.id, agent.id, { contentType: "noticia", autoPublish: true, ...over }),
    draftOf(title),
    draftOf(title),
    OK_SOURCE_CHECK,
    null,
  );
}

describe("editorial responsibility", () => {
  it("approving an agent draft records the editor and the time on the revision, and readers see them", async () => {
    const { call, user } = await restAdmin(`resp-${unique}`);
    const a = await agentDraft("approve");
    const before = Date.now();
    const res = await call("PUT", `/articles/${a.slug}`, { status: "published" });
    expect(res.status).toBe(200);
    const approval = await approvalOf(a.slug);
    expect(approval).toMatchObject({ action: "approve", approved_by_id: user.id, approved_by_name: user.username });
    expect(approval!.approved_at!.getTime()).toBeGreaterThanOrEqual(before - 5);
    const { responsibility } = await readerNotes(db, a.slug);
    expect(responsibility).toEqual({ kind: "reviewed", editor: user.username, at: approval!.approved_at });
    expect(expired).toContainEqual(expect.arrayContaining([`public:article:${a.slug}`]));
  });

  it("scheduling records the editor; the scheduled publish keeps that editor's responsibility", async () => {
    const { call, user } = await restAdmin(`sched-resp-${unique}`);
    const a = await agentDraft("schedule");
    const at = new Date(Date.now() + 3_600_000);
    expect(
      (await call("PUT", `/articles/${a.slug}`, { status: "published", publish_at: at.toISOString() })).status,
    ).toBe(200);
    expect(await approvalOf(a.slug)).toMatchObject({ action: "schedule", approved_by_name: user.username });
    await publishDueArticles(db, new Date(at.getTime() + 1000));
    expect((await readerNotes(db, a.slug)).responsibility).toMatchObject({ kind: "reviewed", editor: user.username });
  });

  it("an auto-published article says no human reviewed it, is listed for review, and one action reviews it", async () => {
    const saved = await saveRun(`Autopublicado ${unique}`, { publicInterest: false });
    expect(saved.status).toBe("published");
    expect((await readerNotes(db, saved.slug)).responsibility).toEqual({ kind: "unreviewed" });
    const admin = callerAs(adminSession);
    expect((await admin.admin.publications.unreviewed()).map((a) => a.slug)).toContain(saved.slug);

    await admin.admin.publications.markReviewed({ slug: saved.slug });
    expect((await readerNotes(db, saved.slug)).responsibility).toMatchObject({
      kind: "reviewed",
      editor: adminSession.user.username,
    });
    expect((await admin.admin.publications.unreviewed()).map((a) => a.slug)).not.toContain(saved.slug);
    expect(expired).toContainEqual(expect.arrayContaining([`public:article:${saved.slug}`]));
    // An editor's own article has no responsibility line (it is not AI-drafted).
    const own = await buildArticle(db, { slug: `own-${unique}`, status: "published", published_at: new Date() });
    expect((await readerNotes(db, own.slug)).responsibility).toBeNull();
  });

  it("a public-interest matter is not auto-published unless the site setting allows it", async () => {
    const admin = callerAs(adminSession);
    expect(await admin.admin.trust.settings()).toMatchObject({ auto_publish_public_interest: false });
    const waiting = await saveRun(`Interés público ${unique}`, { publicInterest: true });
    expect(waiting.status).toBe("draft");

    await admin.admin.trust.updateSettings({
      ...(await admin.admin.trust.settings()),
      auto_publish_public_interest: true,
    });
    const allowed = await saveRun(`Interés público permitido ${unique}`, { publicInterest: true });
    expect(allowed.status).toBe("published");
    const audit = await db.auditEntry.findFirst({ where: { action: "trust.settings" } });
    expect(audit).toMatchObject({ outcome: "success" });
  });

  it("refuses bad settings with a 400 naming the field, and writes nothing", async () => {
    const admin = callerAs(adminSession);
    const now = await admin.admin.trust.settings();
    await expect(admin.admin.trust.updateSettings({ ...now, social: ["javascript:alert(1)"] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("social"),
    });
    expect(await admin.admin.trust.settings()).toEqual(now);
  });
});
