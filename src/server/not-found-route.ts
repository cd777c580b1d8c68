import type { Locale } from "~/i18n/routing.ts";
import { db } from "~/server/db.ts";
import { type NotFoundKind, publicItemExists, routeShape } from "~/server/services/seo/page-exists.ts";

/**
 * For the proxy: which 404 page a request path gets, or null when a page exists there. An item page whose
 * slug is unknown is looked up (one indexed query); if the database cannot answer, the page itself does.
 */
export async function notFoundKind(pathname: string): Promise<{ locale: Locale; kind: NotFoundKind } | null> {
  const english = pathname === "/en" || pathname.startsWith("/en/");
  const locale: Locale = english ? "en" : "es";
  const shape = routeShape(english ? pathname.slice(3) : pathname);
  if (shape.kind === "known") return null;
  if (shape.kind === "missing") return { locale, kind: "page" };
  const exists = await publicItemExists(db, shape.of, shape.slug).catch(() => true);
  return exists ? null : { locale, kind: shape.of };
}
