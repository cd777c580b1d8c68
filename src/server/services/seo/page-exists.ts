import type { DbClient } from "~/server/db/client.ts";

/** The kinds of 404 page, each with its SPEC §8 texts and back link (src/app/[locale]/404/[kind]). */
export type NotFoundKind = "page" | "article" | "interview" | "referent";

/** Sections whose pages take exactly one slug, and the kind of 404 an unknown slug gets. */
const SLUG_SECTIONS: Record<string, Exclude<NotFoundKind, "page">> = {
  noticias: "article",
  entrevistas: "interview",
  referentes: "referent",
};
/** Pages with a fixed path (after the optional /en). */
const FIXED = new Set([
  "",
  "noticias",
  "entrevistas",
  "referentes",
  "empresas",
  "aplicaciones",
  "recursos",
  "servicios",
  "contacto",
  "metodologia",
  "publicidad",
  "buscar",
  "login",
  "register",
  "unsubscribe",
  "rss",
  "newsletter/confirmar",
]);

export type RouteShape =
  | { kind: "known" }
  | { kind: "missing" }
  | { kind: "slug"; of: Exclude<NotFoundKind, "page">; slug: string };

/**
 * Which page a path (without the locale prefix) would render: a fixed page, an item by slug (to be looked
 * up), or nothing at all. Mirrors src/app/[locale]; the admin panel takes any depth.
 */
export function routeShape(path: string): RouteShape {
  const segments = path.split("/").filter(Boolean);
  if (segments[0] === "admin") return { kind: "known" };
  if (FIXED.has(segments.join("/"))) return { kind: "known" };
  const of = SLUG_SECTIONS[segments[0] ?? ""];
  if (of && segments.length === 2) {
    let slug: string;
    try {
      slug = decodeURIComponent(segments[1] ?? "");
    } catch {
      return { kind: "missing" };
    }
    return { kind: "slug", of, slug };
  }
  return { kind: "missing" };
}

/** Whether a public item exists under that slug (published, for articles and interviews). */
export async function publicItemExists(
  db: DbClient,
  of: Exclude<NotFoundKind, "page">,
  slug: string,
): Promise<boolean> {
  if (of === "article") return (await db.article.count({ where: { slug, status: "published" } })) > 0;
  if (of === "interview") return (await db.interview.count({ where: { slug, status: "published" } })) > 0;
  return (await db.referent.count({ where: { slug } })) > 0;
}
