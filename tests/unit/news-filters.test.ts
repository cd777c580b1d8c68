import { describe, expect, it } from "vitest";
import { filteredNewsRoute } from "~/features/articles/news-list.ts";
import { filtersHref, filtersToQuery, NO_FILTERS, parseFilters } from "~/features/articles/ui/news-filters.ts";
import { routeShape } from "~/features/seo/not-found.ts";

const q = (query: string) => new URLSearchParams(query);

describe("/noticias filters in the URL", () => {
  it("reads the explorer's comma lists and the form's repeated parameters alike", () => {
    const fromLinks = parseFilters(q("tema=regulacion,etica&etiquetas=ai-act&tipo=analisis&fecha=week&orden=asc"));
    const fromForm = parseFilters(q("tema=regulacion&tema=etica&tipo=analisis&fecha=week&etiquetas=ai-act&orden=asc"));
    expect(fromForm).toEqual(fromLinks);
    expect(fromLinks).toEqual({
      topics: ["regulacion", "etica"],
      type: "analisis",
      tags: ["ai-act"],
      date: "week",
      sort: "asc",
    });
    expect(filtersToQuery(fromForm)).toBe(
      "tema=regulacion%2Cetica&tipo=analisis&etiquetas=ai-act&fecha=week&orden=asc",
    );
  });

  it("takes the form's resting values ('all', an empty tag field, newest first) as no filter", () => {
    const sent = parseFilters(q("tema=regulacion&tipo=all&fecha=all&etiquetas=&orden=desc"));
    expect(sent).toEqual({ ...NO_FILTERS, topics: ["regulacion"] });
    expect(filtersHref("/en/noticias", sent)).toBe("/en/noticias?tema=regulacion");
    expect(filtersHref("/noticias", parseFilters(q("tipo=all")))).toBe("/noticias");
  });

  it("sends /noticias with a filter in its query to the per-request route, and nothing else", () => {
    expect(filteredNewsRoute("/noticias", q("tema=regulacion"))).toEqual({
      locale: "es",
      path: "/es/noticias-filtradas",
    });
    expect(filteredNewsRoute("/en/noticias", q("orden=asc"))).toEqual({ locale: "en", path: "/en/noticias-filtradas" });
    expect(filteredNewsRoute("/noticias", q(""))).toBeNull();
    expect(filteredNewsRoute("/noticias", q("utm_source=boletin"))).toBeNull();
    expect(filteredNewsRoute("/noticias/un-articulo", q("tema=regulacion"))).toBeNull();
    expect(filteredNewsRoute("/entrevistas", q("tema=regulacion"))).toBeNull();
  });

  it("has no page at the per-request route's own path", () => {
    const routes = ["/noticias", "/noticias/[slug]", "/noticias-filtradas"];
    expect(routeShape("/noticias-filtradas", routes)).toEqual({ kind: "missing" });
    expect(routeShape("/noticias", routes)).toEqual({ kind: "known" });
  });
});
