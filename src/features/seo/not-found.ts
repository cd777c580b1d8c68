import { articleContent, FILTERED_NEWS_ROUTE } from "~/features/articles/index.ts";
import { directoryContent } from "~/features/directories/index.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { archivedNewsletterExists } from "~/features/newsletter/lookup.ts";
import { env } from "~/platform/env/env.js";
import type { Locale } from "~/platform/i18n/routing.ts";
import { readAppPathRoutes } from "~/platform/next-internals/next-internals.ts";

/**
 * The site's one 404 decision: which paths have no page (the proxy asks `notFoundKind` and rewrites them to
 * src/app/[locale]/404/[kind] with status 404), and what each kind of 404 page says (`notFoundView`, also
 * used by the not-found.tsx files Next renders where a page calls notFound()).
 */

/** The kinds of 404 page, each with its docs/product.md §8 texts (the `notFound` namespace) and back link. */
const VIEWS = {
  page: { title: "title", body: "body", back: "back", href: "/" },
  article: { title: "article", body: "articleBody", back: "articleBack", href: "/noticias" },
  interview: { title: "interview", body: "interviewBody", back: "interviewBack", href: "/entrevistas" },
  referent: { title: "referent", body: "referentBody", back: "referentBack", href: "/referentes" },
  newsletter: { title: "newsletter", body: "newsletterBody", back: "newsletterBack", href: "/newsletter" },
} as const;

export type NotFoundKind = keyof typeof VIEWS;
type ItemKind = Exclude<NotFoundKind, "page">;

/** The texts and back link of a kind of 404 page (an unknown kind gets the generic page). */
export const notFoundView = (kind: string) => VIEWS[kind as NotFoundKind] ?? VIEWS.page;

/** Item pages whose slug must exist (published) for the page to exist. */
const ITEM_ROUTES: Record<string, ItemKind> = {
  "/noticias/[slug]": "article",
  "/entrevistas/[slug]": "interview",
  "/referentes/[slug]": "referent",
  "/newsletter/[slug]": "newsletter",
};
/**
 * Routes that exist only to catch what nothing else matches, and routes only the proxy's rewrites reach (the
 * filtered /noticias): asked for by their own path, they are no page.
 */
const CATCH_ALL = new Set(["/[...rest]", "/404/[kind]", FILTERED_NEWS_ROUTE]);

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
  if (of === "newsletter") return archivedNewsletterExists(slug);
  const read =
    of === "article"
      ? articleContent.articleExists
      : of === "interview"
        ? interviewContent.interviewExists
        : directoryContent.referentExists;
  return (await read(slug)) === true;
}

let routes: string[] | null | undefined;

/**
 * The localised page routes of the build (`/noticias/[slug]`, …) from Next's route manifest, so a page added
 * to src/app/[locale] is known without a list to keep in step. Null where there is no manifest (next dev).
 */
function localisedRoutes(): string[] | null {
  if (routes !== undefined) return routes;
  try {
    routes = readAppPathRoutes(env.NEXT_DIST_DIR ?? ".next")
      .filter((route) => route === "/[locale]" || route.startsWith("/[locale]/"))
      .map((route) => route.slice("/[locale]".length) || "/");
  } catch {
    routes = null;
  }
  return routes;
}

/**
 * For the proxy: which 404 page a request path gets, or null when a page exists there. An item page whose
 * slug is unknown is looked up (one indexed query); if the database cannot answer, the page itself does.
 */
export async function notFoundKind(pathname: string): Promise<{ locale: Locale; kind: NotFoundKind } | null> {
  const known = localisedRoutes();
  if (!known) return null;
  const english = pathname === "/en" || pathname.startsWith("/en/");
  const locale: Locale = english ? "en" : "es";
  const shape = routeShape(english ? pathname.slice(3) : pathname, known);
  if (shape.kind === "known") return null;
  if (shape.kind === "missing") return { locale, kind: "page" };
  const exists = await publicItemExists(shape.of, shape.slug).catch(() => true);
  return exists ? null : { locale, kind: shape.of };
}
