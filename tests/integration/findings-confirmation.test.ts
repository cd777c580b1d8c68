import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GroundedApp, startGroundedApp } from "../support/grounded-app.ts";

let grounded: GroundedApp;
let app: GroundedApp["app"];
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tomorrow = () => new Date(Date.now() + 24 * 3600_000);

beforeAll(async () => {
  grounded = await startGroundedApp();
  app = grounded.app;
}, 180_000); // importing the app takes long on a loaded machine
afterAll(() => grounded?.close());
beforeEach(() => {
  grounded.openai.reset();
  grounded.sources.reset();
});

/** A grounded draft in Pendientes whose figure is in no source (a finding). */
async function draftWithFinding(label: string) {
  const agent = await app.admin.admin.agents.create({
    name: `Vigía programada ${label} ${unique}`,
    type: "article-generator",
    config: {
      content: {
        topics: "ai act",
        targetLength: "600",
        sourceUrls: [grounded.sources.urlOf("/ai-office/consultation")],
      },
    },
  });
  await app.admin.admin.agents.update({ ...agent, status: "active" });
  grounded.openai.draft = {
    title: `Cifra inventada para más tarde ${label} ${unique}`,
    summary: "x",
    body: "La consulta recibió 9.999 contribuciones [1].",
    topics: ["regulacion"],
    tags: ["AI Act"],
    sources: [],
  };
  grounded.openai.translation = {
    title: "Made-up figure",
    summary: "x",
    body: "The consultation received 9,999 contributions [1].",
  };
  const response = await app.admin.admin.agents.execute({ id: agent.id });
  await app.settleJobs();
  const article = await app.db.article.findUniqueOrThrow({ where: { agent_run_id: response.run!.id } });
  const { report } = await app.admin.admin.verification.get({ slug: article.slug });
  expect(report!.findings.map((f) => f.check)).toContain("figure_not_found");
  return article;
}

describe("approving for later a draft with findings", () => {
  it("needs the editor's confirmation, stored on the schedule revision with its author, as approving does", async () => {
    const article = await draftWithFinding("a");
    const publish_at = tomorrow();
    await expect(
      app.admin.admin.publications.review({ slug: article.slug, status: "published", publish_at }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await app.db.article.findUniqueOrThrow({ where: { id: article.id } })).publish_at).toBeNull();

    const scheduled = await app.admin.admin.publications.review({
      slug: article.slug,
      status: "published",
      publish_at,
      confirm_findings: true,
    });
    expect(scheduled.publish_at).not.toBeNull();
    const revision = await app.db.articleRevision.findFirstOrThrow({
      where: { article_id: article.id, action: "schedule" },
    });
    expect(revision.actor_name).toBe("editora");
    expect(revision.confirmed_findings.join("\n")).toContain("figure_not_found");
    expect((await app.admin.admin.verification.get({ slug: article.slug })).confirmation).toMatchObject({
      by: "editora",
    });
  });

  it("scheduling a draft through the schedule call cannot skip the findings gate; moving a schedule can", async () => {
    const article = await draftWithFinding("b");
    await expect(
      app.admin.admin.publications.schedule({ slug: article.slug, publish_at: tomorrow() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await app.db.article.findUniqueOrThrow({ where: { id: article.id } })).publish_at).toBeNull();
    // Once approved for later (confirmed), the editor may move it without confirming again.
    await app.admin.admin.publications.review({
      slug: article.slug,
      status: "published",
      publish_at: tomorrow(),
      confirm_findings: true,
    });
    const later = new Date(Date.now() + 48 * 3600_000);
    const moved = await app.admin.admin.publications.schedule({ slug: article.slug, publish_at: later });
    expect(new Date(moved.publish_at!).getTime()).toBe(later.getTime());
  });
});
