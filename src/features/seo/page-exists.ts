import { articleContent } from "~/features/articles/index.ts";
import { directoryContent } from "~/features/directories/index.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { db } from "~/platform/db/db.ts";

/** The kinds of 404 page, each with its SPEC §8 texts and back link (src/app/[locale]/404/[kind]). */
export type NotFoundKind = "page" | "article" | "interview" | "referent" | "newsletter";
type ItemKind = Exclude<NotFoundKind, "page">;

/** Item pages whose slug must exist (published) for the page to exist. */
const ITEM_ROUTES: Record<string, ItemKind> = {
  "/noticias/[slug]": "article",
  "/entrevistas/[slug]": "interview",
  "/referentes/[slug]": "referent",
  "/newsletter/[slug]": "newsletter",
};
/** Routes that exist only to catch what nothing else matches. */
const CATCH_ALL = new Set(["/[...rest]", "/404/[kind]"]);

type RouteShape = { kind: "known" } | { kind: "missing" } | { kind: "slug"; of: ItemKind; slug: string };

/** Whether path segments fit a route pattern (`[x]` one segment, `[...x]` one or more, `[[...x]]` any). */
function fits(pattern: string[], segments: string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return segments.length === 0;
  if (head.startsWith("[[...")) return true;
  if (head.startsWith("[...")) return segments.length > 0;
  if (segments.length === 0) return false;
  if (!(head.startsWith("[") || head === segments[0])) return false;
  return fits(rest, segments.slice(1));
}

/**
 * Which page a path (without the locale prefix) renders, given the app's localised routes (patterns such as
 * `/noticias/[slug]`, from the build's route manifest): a page, an item to look up by slug, or nothing.
 */
export function routeShape(path: string, routes: readonly string[]): RouteShape {
  const segments = path.split("/").filter(Boolean);
  // A static route wins over a dynamic one beside it (/newsletter/confirmar over /newsletter/[slug]), as in Next.
  const ordered = [...routes].sort((a, b) => Number(a.includes("[")) - Number(b.includes("[")));
  for (const route of ordered) {
    if (CATCH_ALL.has(route) || !fits(route.split("/").filter(Boolean), segments)) continue;
    const of = ITEM_ROUTES[route];
    if (!of) return { kind: "known" };
    try {
      return { kind: "slug", of, slug: decodeURIComponent(segments.at(-1) ?? "") };
    } catch {
      return { kind: "missing" };
    }
  }
  return { kind: "missing" };
}

/**
 * Whether a public item exists under that slug (published, for articles and interviews), through the owning
 * feature's data cache: an item a page has shown is known without a query, and a publish or delete expires
 * the answer with the page's own tag. A slug that does not exist is asked of the database each time (misses
 * are not stored, so junk URLs add no cache entries).
 */
export async function publicItemExists(of: ItemKind, slug: string): Promise<boolean> {
  // The archive shows newsletters that went out or are going out (see the newsletter's archive.ts); queried
  // here so the proxy's bundle does not take in the newsletter feature and its job engine.
  if (of === "newsletter")
    return (await db.newsletter.count({ where: { slug, status: { in: ["sent", "sending"] } } })) > 0;
  const read =
    of === "article"
      ? articleContent.articleExists
      : of === "interview"
        ? interviewContent.interviewExists
        : directoryContent.referentExists;
  return (await read(slug)) === true;
}
