import { describe, expect, it } from "vitest";
import { recordRevision } from "~/features/publications/record-revision.ts";
import { db } from "~/platform/db/db.ts";
import type { AppMeta } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";
import { buildArticle, buildUser } from "../support/builders.ts";
import { restAdmin } from "../support/rest-admin.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const OFFICIAL = { name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/es/policies/ai-act" };
const UNOFFICIAL = { name: "Blog", url: "https://blog.example.com/ai" };

async function agentDraft(suffix: string, data: Parameters<typeof buildArticle>[1] = {}) {
  const row = await buildArticle(db, {
    slug: `edit-${suffix}-${unique}`,
    title_es: `Borrador ${suffix}`,
    title_en: `Draft ${suffix} clumsy`,
    topics: ["regulacion"],
    sources: [OFFICIAL],
    is_agent: true,
    review_required: true,
    author: "Vigía",
    ...data,
  });
  await recordRevision(db, null, row, { action: "agent_draft", actor: { id: null, name: "Vigía" } });
  return row;
}

const revisionsOf = (id: string) =>
  db.articleRevision.findMany({ where: { article_id: id }, orderBy: { created_at: "asc" } });

describe("PATCH /api/articles/{slug}", () => {
  it("answers 400 naming the field and writes nothing on bad input", async () => {
    const { call } = await restAdmin(`ed-bad-${unique}`);
    const a = await agentDraft("bad");
    const cases: [unknown, string][] = [
      [{ title_en: "   " }, "title_en"],
      [{ sources: [{ name: "x", url: "javascript:alert(1)" }] }, "sources.0.url"],
      [{ sources: [{ name: "x", url: "ftp://europa.eu/x" }] }, "sources.0.url"],
      // A source is a full http(s) URL: a site path, least of all one a browser reads as another host, is not.
      [{ sources: [{ name: "x", url: "/\\evil.example/x" }] }, "sources.0.url"],
      [{ sources: [{ name: "x", url: "//evil.example/x" }] }, "sources.0.url"],
      [{ topics: ["astrologia"] }, "topics.0"],
      [{ type: "columna" }, "type"],
      [{ body_es: "" }, "body_es"],
      [{}, "input"],
    ];
    for (const [body, field] of cases) {
      const res = await call("PATCH", `/articles/${a.slug}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(field);
    }
    const after = await db.article.findUniqueOrThrow({ where: { slug: a.slug } });
    expect(after.updated_at).toEqual(a.updated_at);
    expect(await revisionsOf(a.id)).toHaveLength(1);
  });

  it("refuses an image_url that a browser would load from another host, and writes nothing", async () => {
    const { call } = await restAdmin(`ed-img-${unique}`);
    const a = await agentDraft("img");
    for (const image_url of ["/\\evil.example/x.png", "//evil.example/x.png", "/\t/evil.example/x.png", "/a\\b.png"]) {
      const res = await call("PATCH", `/articles/${a.slug}`, { image_url });
      expect(res.status, image_url).toBe(400);
      const body = await res.json();
      expect(body, image_url).toMatchObject({ code: "BAD_REQUEST", field: "image_url" });
      expect(body.error, image_url).toMatch(/image_url: must be an http\(s\) URL or a site path/);
    }
    const after = await db.article.findUniqueOrThrow({ where: { slug: a.slug } });
    expect(after.updated_at).toEqual(a.updated_at);
    expect(after.image_url).toBeNull();
    // Site paths and http(s) URLs still pass.
    for (const image_url of ["/api/media/generated/x.png", "https://cdn.example.com/x.png"])
      expect((await call("PATCH", `/articles/${a.slug}`, { image_url })).status, image_url).toBe(200);
  });

  it("edits a draft; an unofficial source keeps it in review; the revision says who, which fields, before/after", async () => {
    const { call, user } = await restAdmin(`ed-draft-${unique}`);
    const a = await agentDraft("draft", { review_required: false });
    const res = await call("PATCH", `/articles/${a.slug}`, { title_en: "A better title", sources: [UNOFFICIAL] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title_en: "A better title", review_required: true, status: "draft" });
    const [draft, edit] = await revisionsOf(a.id);
    expect(draft).toMatchObject({ action: "agent_draft", actor_name: "Vigía" });
    expect(edit).toMatchObject({ action: "edit", actor_id: user.id, actor_name: user.username });
    expect(edit?.fields.sort()).toEqual(["sources", "title_en"]);
    expect(edit?.before).toMatchObject({ title_en: "Draft draft clumsy", sources: [OFFICIAL] });
    expect(edit?.after).toMatchObject({ title_en: "A better title", sources: [UNOFFICIAL] });
  });

  it("on a published article an unofficial source needs an explicit confirmation, which is recorded", async () => {
    const { call } = await restAdmin(`ed-pub-${unique}`);
    const a = await agentDraft("pub", { status: "published", published_at: new Date() });
    const refused = await call("PATCH", `/articles/${a.slug}`, { sources: [OFFICIAL, UNOFFICIAL] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ field: "sources" });
    expect((await db.article.findUniqueOrThrow({ where: { slug: a.slug } })).sources).toEqual([OFFICIAL]);

    const ok = await call("PATCH", `/articles/${a.slug}`, {
      sources: [OFFICIAL, UNOFFICIAL],
      summary_es: "Resumen corregido",
      // A published summary that changes is told to readers (or marked a typo fix).
      correction_note_es: "El resumen se ha corregido.",
      confirm_unofficial_sources: true,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "published", summary_es: "Resumen corregido" });
    const last = (await revisionsOf(a.id)).at(-1);
    expect(last?.confirmed_unofficial_sources).toEqual([UNOFFICIAL.url]);
    // Published readers see it at once: the public read goes to the database (no stale copy in tests).
    const pub = await call("GET", `/articles/${a.slug}`);
    expect(await pub.json()).toMatchObject({ summary_es: "Resumen corregido" });
  });
});

describe("revisions", () => {
  it("lists them newest first and restores one as a new revision", async () => {
    const { call, user } = await restAdmin(`ed-rev-${unique}`);
    const a = await agentDraft("rev");
    await call("PATCH", `/articles/${a.slug}`, { title_en: "Second title" });
    await call("PATCH", `/articles/${a.slug}`, { title_en: "Third title", body_en: "New body" });
    const listed = (await (await call("GET", `/articles/${a.slug}/revisions`)).json()) as {
      id: string;
      action: string;
    }[];
    expect(listed.map((r) => r.action)).toEqual(["edit", "edit", "agent_draft"]);
    const draft = listed[2]!;
    const res = await call("POST", `/articles/${a.slug}/revisions/${draft.id}/restore`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title_en: "Draft rev clumsy", body_en: null });
    const restored = (await revisionsOf(a.id)).at(-1);
    expect(restored).toMatchObject({ action: "restore", restored_from: draft.id, actor_name: user.username });
    expect(restored?.fields.sort()).toEqual(["body_en", "title_en"]);
    expect((await call("POST", `/articles/${a.slug}/revisions/nope/restore`, {})).status).toBe(404);

    // Only some fields: the English title comes back, the rest stays.
    await call("PATCH", `/articles/${a.slug}`, { title_en: "Fourth title", summary_es: "Otro resumen" });
    const partial = await call("POST", `/articles/${a.slug}/revisions/${draft.id}/restore`, { fields: ["title_en"] });
    expect(await partial.json()).toMatchObject({ title_en: "Draft rev clumsy", summary_es: "Otro resumen" });
    const bad = await call("POST", `/articles/${a.slug}/revisions/${draft.id}/restore`, { fields: ["status"] });
    expect(bad.status).toBe(400);
  });
});

describe("audit trail", () => {
  it("records user promote/demote and agent creation with the acting admin", async () => {
    const admin = callerAs(adminSession);
    const u = await buildUser(db, { username: `aud-u-${unique}`, email: `aud-u-${unique}@example.com` });
    await admin.admin.users.promote({ userId: u.id });
    await admin.admin.users.demote({ userId: u.id });
    const entries = await db.auditEntry.findMany({ where: { target_id: u.id }, orderBy: { created_at: "asc" } });
    expect(entries.map((e) => [e.action, e.actor_name, e.target_type, e.outcome])).toEqual([
      ["user.promote", "editora", "user", "success"],
      ["user.demote", "editora", "user", "success"],
    ]);
    const agent = await admin.admin.agents.create({
      name: `Auditado ${unique}`,
      config: { content: { topics: ["gobernanza"], targetLength: 600 } },
    });
    const created = await db.auditEntry.findFirst({ where: { action: "agent.create", target_id: agent.id } });
    expect(created).toMatchObject({ actor_name: "editora", outcome: "success" });
  });

  it("covers every admin mutation: each declares the action it records", () => {
    type Proc = { _def: { type: string; meta?: AppMeta } };
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Proc>);
    const mutations = procedures.filter(([path, p]) => path.startsWith("admin.") && p._def.type === "mutation");
    expect(mutations.length).toBeGreaterThan(20);
    expect(mutations.filter(([, p]) => !p._def.meta?.audit).map(([path]) => path)).toEqual([]);
  });

  it("records each admin action with its actor, target and outcome; filters; refuses UPDATE and DELETE", async () => {
    const { call, user } = await restAdmin(`ed-aud-${unique}`);
    const a = await agentDraft("aud");
    await call("PATCH", `/articles/${a.slug}`, { title_en: "Audited" });
    await call("PATCH", `/articles/${a.slug}`, { title_en: "" }); // refused input: nothing attempted, no entry
    await call("POST", `/articles/${a.slug}/revisions/nope/restore`, {});
    await call("PUT", `/articles/${a.slug}/toggle-featured`, {});
    await call("DELETE", `/articles/${a.slug}`, {});
    const res = await call("GET", `/admin/audit?target=${a.slug}&pageSize=10`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[]; total: number };
    expect(body.total).toBe(4);
    expect(body.items.map((e) => [e.action, e.outcome])).toEqual([
      ["article.delete", "success"],
      ["article.feature", "success"],
      ["article.restore", "failure"],
      ["article.edit", "success"],
    ]);
    expect(body.items.every((e) => e.actor_name === user.username && e.target_type === "article")).toBe(true);
    const byAction = (await (
      await call("GET", `/admin/audit?action=article.delete&actor=${user.username}`)
    ).json()) as { items: unknown[] };
    expect(byAction.items).toHaveLength(1);

    await expect(db.$executeRaw`UPDATE audit_entries SET outcome = 'success'`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM audit_entries`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`TRUNCATE audit_entries`).rejects.toThrow(/append-only/);
  });
});

describe("an agent draft through the desk, over REST", () => {
  it("fix the English title and one source, approve for tomorrow 08:00, restore the earlier title; audited", async () => {
    const { call, user } = await restAdmin(`ed-flow-${unique}`);
    const a = await agentDraft("flow", { sources: [UNOFFICIAL, OFFICIAL] });
    const fixed = { name: "EUR-Lex", url: "https://eur-lex.europa.eu/eli/reg/2024/1689/oj" };
    const edit = await call("PATCH", `/articles/${a.slug}`, { title_en: "Draft flow", sources: [fixed, OFFICIAL] });
    expect(edit.status).toBe(200);
    const tomorrow8 = new Date();
    tomorrow8.setDate(tomorrow8.getDate() + 1);
    tomorrow8.setHours(8, 0, 0, 0);
    const approve = await call("PUT", `/articles/${a.slug}`, { status: "published", publish_at: tomorrow8 });
    expect(await approve.json()).toMatchObject({ status: "draft", publish_at: tomorrow8.toISOString() });
    const revisions = (await (await call("GET", `/articles/${a.slug}/revisions`)).json()) as {
      id: string;
      action: string;
    }[];
    const original = revisions.find((r) => r.action === "agent_draft")!;
    const restored = await call("POST", `/articles/${a.slug}/revisions/${original.id}/restore`, {
      fields: ["title_en"],
    });
    expect(await restored.json()).toMatchObject({
      title_en: "Draft flow clumsy",
      sources: [fixed, OFFICIAL],
      status: "draft",
      publish_at: tomorrow8.toISOString(),
    });
    const audit = (await (await call("GET", `/admin/audit?target=${a.slug}`)).json()) as {
      items: { action: string; actor_name: string; outcome: string }[];
    };
    expect(audit.items.map((e) => [e.action, e.actor_name, e.outcome])).toEqual([
      ["article.restore", user.username, "success"],
      ["article.schedule", user.username, "success"],
      ["article.edit", user.username, "success"],
    ]);
  });
});
