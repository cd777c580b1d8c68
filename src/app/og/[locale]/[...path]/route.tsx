import { shareCard } from "~/features/seo/index.ts";
import { renderOgImage } from "~/features/seo/ui/og-image.tsx";
import { isLocale } from "~/platform/i18n/routing.ts";

export const dynamic = "force-dynamic";

/**
 * The 1200 × 630 share card of every public page: /og/<locale>/<page path>.png (home: /og/<locale>/home.png).
 * It answers 200 directly: the path has an extension, so the locale proxy never redirects it.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ locale: string; path: string[] }> }) {
  const { locale, path } = await params;
  const last = path.at(-1) ?? "";
  if (!isLocale(locale) || !last.endsWith(".png")) return new Response("Not found", { status: 404 });
  const segments = [...path.slice(0, -1), last.slice(0, -4)];
  const card = await shareCard(locale, segments.length === 1 && segments[0] === "home" ? [] : segments);
  if (!card) return new Response("Not found", { status: 404 });
  const image = await renderOgImage(card);
  image.headers.set("cache-control", "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
  return image;
}
