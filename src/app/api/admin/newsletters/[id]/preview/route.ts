import { newsletterPreviewHtml } from "~/features/newsletter/index.ts";
import { newsletterIdInputSchema } from "~/features/newsletter/schema.ts";
import { db } from "~/platform/db/db.ts";
import { route } from "~/platform/http/route.ts";

export const dynamic = "force-dynamic";

/**
 * docs/product.md §7 GET /api/admin/newsletters/{id}/preview: the rendered HTML (?locale=es|en) for the admin's sandboxed
 * frame. A route of its own because the REST adapter only speaks JSON; the admin check is the same.
 */
export const GET = route<{ id: string }>("admin", async (req, { params }) => {
  const { id } = newsletterIdInputSchema.parse(params);
  const locale = new URL(req.url).searchParams.get("locale") === "en" ? "en" : "es";
  const html = await newsletterPreviewHtml(db, id, locale);
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Even opened directly, the e-mail HTML runs without scripts and in an opaque origin.
      "content-security-policy":
        "sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "x-content-type-options": "nosniff",
    },
  });
});
