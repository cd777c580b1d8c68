import { describe, expect, it } from "vitest";
import { routeShape } from "~/features/seo/not-found.ts";

const ROUTES = [
  "/",
  "/404/[kind]",
  "/[...rest]",
  "/admin/[[...section]]",
  "/noticias",
  "/noticias/[slug]",
  "/referentes/[slug]",
  "/newsletter/confirmar",
  "/rss",
];

describe("routeShape", () => {
  it("knows the pages of the route manifest, whatever their parameters", () => {
    for (const path of ["/", "/noticias", "/admin", "/admin/agentes/x", "/newsletter/confirmar", "/rss"])
      expect(routeShape(path, ROUTES), path).toEqual({ kind: "known" });
  });

  it("sends an item page's slug to be looked up, decoded", () => {
    expect(routeShape("/noticias/ai%2Dact", ROUTES)).toEqual({ kind: "slug", of: "article", slug: "ai-act" });
    expect(routeShape("/referentes/ana", ROUTES)).toEqual({ kind: "slug", of: "referent", slug: "ana" });
  });

  it("finds nothing for paths only the catch-all or the 404 page itself would take", () => {
    for (const path of ["/no-existe", "/noticias/a/b", "/newsletter", "/404/article", "/noticias/%E0%A4%A"])
      expect(routeShape(path, ROUTES), path).toEqual({ kind: "missing" });
  });
});
