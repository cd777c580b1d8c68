import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "~/features/articles/schema.ts";
import { searchContent } from "~/features/search/search.ts";
import { db } from "~/platform/db/db.ts";
import { createInnerContext } from "~/platform/trpc/trpc.ts";
import { createCaller } from "~/server/api/root.ts";
import { buildArticle } from "../support/builders.ts";

const caller = createCaller(createInnerContext({ session: null }));
const DRAFT_SLUG = `search-draft-${Date.now()}`;

beforeAll(async () => {
  // A draft with a unique word: drafts must never be found.
  await buildArticle(db, {
    slug: DRAFT_SLUG,
    title_es: "Borrador con la palabra zorblaxiano",
    body_es: "Cuerpo zorblaxiano",
    status: "draft",
  });
});
afterAll(async () => {
  await db.article.deleteMany({ where: { slug: DRAFT_SLUG } });
});

describe("full-text search", () => {
  it("finds a seed article by a Spanish word typed without its accent", async () => {
    // The seed text says 'riesgo sistémico'; the reader types 'sistemico'.
    const hits = await searchContent(db, { q: "sistemico", locale: "es" });
    const hit = hits.find((h) => h.kind === "article" && h.slug === "ai-act-obligaciones-modelos-uso-general");
    expect(hit).toBeDefined();
    expect(hit!.title).toContain("AI Act");
    expect(hit!.snippet).toContain(`${HIGHLIGHT_START}sistémico${HIGHLIGHT_END}`);
  });

  it("finds a seed article by an English word, with an English snippet", async () => {
    const hits = await searchContent(db, { q: "watermarks", locale: "en" });
    const hit = hits.find((h) => h.slug === "deepfakes-elecciones-normas-europeas");
    expect(hit?.kind).toBe("article");
    expect(hit!.title).toBe("Deepfakes and elections: the three layers of EU rules against synthetic manipulation");
    expect(hit!.snippet).toContain(`${HIGHLIGHT_START}Watermarks${HIGHLIGHT_END}`);
  });

  it("stems Spanish words and ranks the closest match first", async () => {
    const hits = await searchContent(db, { q: "evaluaciones de seguridad", locale: "es" });
    expect(hits.length).toBeGreaterThan(1);
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => b - a));
    expect(hits.slice(0, 3).map((h) => h.slug)).toContain("evaluaciones-seguridad-modelos-frontera");
  });

  it("covers interviews, referents, companies, applications and resources", async () => {
    const kinds = async (q: string) => (await searchContent(db, { q, locale: "es" })).map((h) => `${h.kind}:${h.slug}`);
    expect(await kinds("Montaner")).toEqual(
      expect.arrayContaining(["referent:lucia-montaner", "interview:entrevista-lucia-montaner-evaluaciones-seguridad"]),
    );
    expect(await kinds("OCDE")).toContain("company:oecd-ai-observatorio-politicas");
    expect(await kinds("inventario")).toContain("application:trazia-audit");
    expect(await kinds("Alignment Forum")).toContain("resource:alignment-forum");
  });

  it("never returns unpublished articles", async () => {
    expect(await searchContent(db, { q: "zorblaxiano" })).toEqual([]);
  });

  it("rejects an empty query through the API with the field named", async () => {
    await expect(caller.search.query({ q: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const result = await caller.search.query({ q: "deepfakes", locale: "en" });
    expect(result.map((h) => h.slug)).toContain("deepfakes-elecciones-normas-europeas");
  });
});
