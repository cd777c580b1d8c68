import fs from "node:fs";
import path from "node:path";
import { type NotFoundKind, publicItemExists, routeShape } from "~/features/seo/index.ts";
import { env } from "~/platform/env/env.js";
import type { Locale } from "~/platform/i18n/routing.ts";

let routes: string[] | null | undefined;

/**
 * The localised page routes of the build (`/noticias/[slug]`, …) from Next's route manifest, so a page added
 * to src/app/[locale] is known without a list to keep in step. Null where there is no manifest (next dev).
 */
function localisedRoutes(): string[] | null {
  if (routes !== undefined) return routes;
  try {
    const file = path.join(process.cwd(), env.NEXT_DIST_DIR ?? ".next", "app-path-routes-manifest.json");
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
    routes = Object.values(manifest)
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
