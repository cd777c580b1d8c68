import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { buildAgent, buildArticle } from "../support/builders.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const admin = callerAs(adminSession);
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function article(suffix: string, data: Parameters<typeof buildArticle>[1] = {}) {
  return buildArticle(db, {
    slug: `pub-${suffix}-${unique}`,
    title_es: `Artículo ${suffix} ${unique}`,
    body_es: "Cuerpo <script>alert(1)</script>",
    is_agent: true,
    review_required: true,
    ...data,
  });
}

describe("review desk", () => {
  it("lists drafts, approves (publishes) and refuses to reject a published article", async () => {
    const a = await article("approve");
    expect((await admin.admin.publications.drafts()).some((d) => d.slug === a.slug)).toBe(true);
    const published = await admin.admin.publications.review({ slug: a.slug, status: "published" });
    expect(published).toMatchObject({ status: "published", review_required: false });
    expect(published.published_at).not.toBeNull();
    expect((await admin.admin.publications.approved()).some((d) => d.slug === a.slug)).toBe(true);
    await expect(admin.admin.publications.review({ slug: a.slug, status: "rejected" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const revisions = await db.articleRevision.findMany({ where: { article_id: a.id } });
    expect(revisions).toMatchObject([{ action: "approve", actor_name: "editora", after: { status: "published" } }]);
    expect(revisions[0]?.fields).toContain("status");
    const rendered = await admin.admin.publications.rendered({ slug: a.slug });
    expect(rendered.es).not.toContain("<script");
  });

  it("rejects, toggles featured and static, deletes", async () => {
    const a = await article("toggle");
    expect((await admin.admin.publications.review({ slug: a.slug, status: "rejected" })).status).toBe("rejected");
    expect((await admin.admin.publications.toggleFeatured({ slug: a.slug })).featured).toBe(true);
    expect((await admin.admin.publications.toggleFeatured({ slug: a.slug })).featured).toBe(false);
    expect((await admin.admin.publications.toggleStatic({ slug: a.slug })).message).toMatch(/estático/);
    expect((await db.article.findUniqueOrThrow({ where: { slug: a.slug } })).is_static).toBe(true);
    await admin.admin.publications.delete({ slug: a.slug });
    expect(await db.article.findUnique({ where: { slug: a.slug } })).toBeNull();
    await expect(admin.admin.publications.delete({ slug: a.slug })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("author migration", () => {
  it("lists authors, fixes names per slug ('Sin nombre' when empty) and auto-migrates agent names", async () => {
    const agent = await buildAgent(db, { name: `Vigía ${unique}` });
    const byAgent = await article("agent", { author: agent.name });
    const prefixed = await article("prefixed", { author: `Agent: Otro ${unique}` });
    const nameless = await article("nameless", { author: null });

    const listed = await admin.admin.migration.authors();
    expect(listed.authors[0]).toEqual({ id: "editorial", name: "Redacción Riesgos IA", type: "editorial" });
    const flag = (slug: string) => listed.articles.find((a) => a.slug === slug)?.agent_authored;
    expect([flag(byAgent.slug), flag(prefixed.slug), flag(nameless.slug)]).toEqual([true, true, false]);

    const fixed = await admin.admin.migration.fixAuthorNames({
      mapping: { [nameless.slug]: "Ana Pérez", [`no-existe-${unique}`]: "Ana Pérez" },
    });
    expect(fixed.results).toEqual([
      { slug: nameless.slug, status: "updated", old_author: "Sin nombre", new_author: "Ana Pérez" },
      { slug: `no-existe-${unique}`, status: "failed", message: "Artículo no encontrado" },
    ]);

    const auto = await admin.admin.migration.autoMigrate();
    const mine = auto.results.filter((r) => [byAgent.slug, prefixed.slug].includes(r.slug));
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.status === "updated" && r.new_author === "Redacción Riesgos IA")).toBe(true);
    const after = await db.article.findUniqueOrThrow({ where: { slug: byAgent.slug } });
    expect(after).toMatchObject({ author: "Redacción Riesgos IA", is_agent: true });
    // Each reassignment is a revision by the acting admin, with the author before and after.
    const revisions = await db.articleRevision.findMany({ where: { article_id: byAgent.id } });
    expect(revisions).toMatchObject([
      {
        action: "author_migration",
        actor_name: "editora",
        before: { author: agent.name },
        after: { author: "Redacción Riesgos IA" },
      },
    ]);
  });

  it("rejects an empty mapping naming the field", async () => {
    await expect(admin.admin.migration.fixAuthorNames({ mapping: {} })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
