import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildArticles } from "../support/builders.ts";

const get = (path: string) => handleRest(new Request(`http://localhost/api${path}`));
const STAMP = Date.now();
const STATIC = `rest-static-${STAMP}`;
const DRAFT = `rest-draft-${STAMP}`;

beforeAll(async () => {
  const date = new Date("2002-01-01T00:00:00Z");
  await buildArticles(db, [
    { date, slug: STATIC, title_es: "Estático", status: "published", is_static: true },
    { date, slug: DRAFT, title_es: "Borrador", status: "draft" },
  ]);
});
afterAll(async () => {
  await db.article.deleteMany({ where: { slug: { in: [STATIC, DRAFT] } } });
});

describe("docs/product.md §7 public article reads", () => {
  it("GET /api/articles/status/published lists published articles without the static ones", async () => {
    const res = await get("/articles/status/published");
    expect(res.status).toBe(200);
    const slugs = ((await res.json()) as { slug: string }[]).map((a) => a.slug);
    expect(slugs).toContain("ai-act-obligaciones-modelos-uso-general");
    expect(slugs).not.toContain(STATIC);
    expect(slugs).not.toContain(DRAFT);
  });

  it("GET /api/articles/static lists the static articles (not matched as a slug)", async () => {
    const res = await get("/articles/static");
    expect(res.status).toBe(200);
    const slugs = ((await res.json()) as { slug: string; is_static: boolean }[]).map((a) => a.slug);
    expect(slugs).toContain(STATIC);
    expect(slugs).not.toContain("ai-act-obligaciones-modelos-uso-general");
  });

  it("GET /api/articles/{slug} answers 404 for a draft and for an unknown slug", async () => {
    expect((await get(`/articles/${STATIC}`)).status).toBe(200);
    expect((await get(`/articles/${DRAFT}`)).status).toBe(404);
    const unknown = await get("/articles/no-existe-nunca");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
